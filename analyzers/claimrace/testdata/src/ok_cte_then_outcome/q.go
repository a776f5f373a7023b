// A claim written as one WITH statement (the CTE locks, the UPDATE beside
// it takes, the SELECT returns what it took), followed by the job's
// outcome: the UPDATE by key after it records a result, it is not the
// second step of a claim.
package ok_cte_then_outcome

import (
	"context"
	"database/sql"
)

const claim = `
WITH next AS (
    SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED
), taken AS (
    UPDATE jobs j SET status = 'running' FROM next WHERE j.id = next.id RETURNING j.id
)
SELECT id FROM taken`

type Store struct{ db *sql.DB }

func (s *Store) Claim(ctx context.Context) (id int64, err error) {
	err = s.db.QueryRowContext(ctx, claim).Scan(&id)
	return id, err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

// RunOne claims and completes in turn, through the store's methods.
func (s *Store) RunOne(ctx context.Context, run func(int64) error) error {
	id, err := s.Claim(ctx)
	if err != nil {
		return err
	}
	if err := run(id); err != nil {
		return err
	}
	return s.Complete(ctx, id)
}

// RunInline does the same in one function.
func RunInline(ctx context.Context, db *sql.DB, run func(int64) error) error {
	var id int64
	if err := db.QueryRowContext(ctx, claim).Scan(&id); err != nil {
		return err
	}
	if err := run(id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
