package store // want package:"queues\\(public.reminders\\)"

// A reminder store on the company's shared database module (pgdb), with
// user names looked up in its cache client.

import (
	"context"
	"time"

	"example.com/platform/pgdb"

	"example.com/reminders/queries"
)

type Reminder struct {
	ID     int64
	UserID int64
	Text   string
}

type Store struct {
	db    *pgdb.DB
	cache *pgdb.Cache
	retry pgdb.RetryPolicy
	named *queries.Named
}

func (s *Store) Add(ctx context.Context, r Reminder, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO reminders (user_id, text, remind_at, status) VALUES ($1, $2, $3, 'pending')`, r.UserID, r.Text, at)
	return err
}

func (s *Store) Due(ctx context.Context, n int) ([]Reminder, error) { // want Due:"polls public.reminders on unknown \\(locked true\\)" Due:"claims jobs"
	rows, err := s.db.QueryRetry(ctx, s.retry, `SELECT id, user_id, text FROM reminders WHERE status = 'pending' AND remind_at <= now() ORDER BY remind_at LIMIT $1 FOR UPDATE SKIP LOCKED`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Reminder
	for rows.Next() {
		var r Reminder
		if err := rows.Scan(&r.ID, &r.UserID, &r.Text); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func (s *Store) Done(ctx context.Context, id int64) error { // want Done:"takes public.reminders on unknown \\(locked false\\)" Done:"completes jobs, writes outcomes, returns a write's error"
	_, err := s.db.ExecRetry(ctx, s.retry, `UPDATE reminders SET status = 'sent' WHERE id = $1`, id)
	return err
}

func (s *Store) Get(ctx context.Context, id int64) (Reminder, error) {
	var r Reminder
	err := s.db.GetContext(ctx, &r, `SELECT id, user_id, text FROM reminders WHERE id = $1`, id)
	return r, err
}

func (s *Store) Pending(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM reminders WHERE status = 'pending'`).Scan(&n)
	return n, err
}

// UserName asks the cache, whose Query takes a key, not SQL.
func (s *Store) UserName(ctx context.Context, id int64) (string, error) {
	b, err := s.cache.Query(ctx, "user:%d:name", id)
	if err != nil {
		return "", err
	}
	_, err = s.cache.Exec(ctx, "DEL user:%d:name", id)
	return string(b), err
}

// ByUser asks the module's own named-query runner, whose string is a
// query's name (its SQL is read in package queries), and the shared
// module's FindOne, which builds its own SQL from a table and a column.
func (s *Store) ByUser(ctx context.Context, userID int64) (int64, error) {
	rows, err := s.named.Query(ctx, "reminders-by-user", userID)
	if err != nil {
		return 0, err
	}
	rows.Close()
	var id int64
	err = s.db.FindOne(ctx, "reminders", "user_id", userID).Scan(&id)
	return id, err
}
