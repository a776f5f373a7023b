// A repository split into one method per statement, used by a
// dispatcher in the same package.
package due_store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Timer struct {
	ID       string
	Callback string
	Body     []byte
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) DueTimers(ctx context.Context, now time.Time) ([]Timer, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, callback_url, body FROM timers WHERE fire_at <= $1 ORDER BY fire_at`, now) // want `two schedulers run the same due job`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Timer
	for rows.Next() {
		var t Timer
		if err := rows.Scan(&t.ID, &t.Callback, &t.Body); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

func (s *Store) DeleteTimer(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM timers WHERE id = $1`, id)
	return err
}
