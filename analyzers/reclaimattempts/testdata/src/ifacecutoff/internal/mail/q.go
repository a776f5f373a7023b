// A mail outbox whose worker recovers the messages it claimed before a
// cutoff it computes from the clock, through its store's exported method
// on an interface: the recovery is a reclaim. Neither it nor the claim
// spends an attempt.
package mail

import (
	"context"
	"database/sql"
	"time"
)

type Store struct{ db *sql.DB }

func (s *Store) Take(ctx context.Context, worker string) (id int64, err error) {
	err = s.db.QueryRowContext(ctx, `UPDATE outbox SET state = 'sending', taken_at = now(), taken_by = $1
		WHERE id = (SELECT id FROM outbox WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func (s *Store) Sent(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE outbox SET state = 'sent' WHERE id = $1 AND state = 'sending'`, id)
	return err
}

func (s *Store) Recover(ctx context.Context, takenBefore time.Time) (int64, error) {
	// want +1 `this reclaim returns jobs whose lease expired to the queue without spending an attempt`
	res, err := s.db.ExecContext(ctx, `UPDATE outbox SET state = 'queued', taken_at = NULL, taken_by = NULL
		WHERE state = 'sending' AND taken_at <= $1`, takenBefore)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

type store interface {
	Take(ctx context.Context, worker string) (int64, error)
	Sent(ctx context.Context, id int64) error
	Recover(ctx context.Context, takenBefore time.Time) (int64, error)
}

type Sender struct {
	st    store
	stuck time.Duration
}

func NewSender(s *Store) *Sender { return &Sender{st: s, stuck: 10 * time.Minute} }

func (m *Sender) Loop(ctx context.Context, send func(int64) error) {
	for ctx.Err() == nil {
		_, _ = m.st.Recover(ctx, time.Now().Add(-m.stuck))
		id, err := m.st.Take(ctx, "w1")
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if send(id) == nil {
			_ = m.st.Sent(ctx, id)
		}
	}
}
