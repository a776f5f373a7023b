// The store's claim takes back jobs whose lease expired, spends an attempt
// each time, and returns the count to its callers: the relay of another
// package dead-letters a message as soon as it is claimed past the limit.
// This package cannot see that comparison, so it says nothing.
package ok_retakecountreturned

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

type Claimed struct {
	ID       int64
	Attempts int
}

func (s *Store) Claim(ctx context.Context) (c Claimed, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE tasks SET status = 'in_progress', lease_until = now() + interval '1 minute', attempts = attempts + 1
		WHERE id = (SELECT id FROM tasks WHERE status = 'new' OR (status = 'in_progress' AND lease_until < now())
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&c.ID, &c.Attempts)
	return c, err
}

func (s *Store) Done(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = 'done' WHERE id = $1 AND status = 'in_progress'`, id)
	return err
}
