// The failure path takes a limit as a parameter but decides by the
// store's configured limit: the job still reaches 'dead' when its attempts
// run out, so the parameter it ignores stops nothing less.
package ok_limitparamunused

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type store struct {
	pool       *pgxpool.Pool
	maxRetries int
}

func (s store) claim(ctx context.Context) (id int64, attempts int, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func (s store) fail(ctx context.Context, id int64, attempts, maxAttempts int) error {
	status := "queued"
	if attempts >= s.maxRetries {
		status = "dead"
	}
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1`, id, status)
	return err
}

const retryCap = 5

// failNamed decides by a constant whose name is no limit's: the
// comparison with the attempt count is the decision.
func (s store) failNamed(ctx context.Context, id int64, attempts, maxAttempts int) error {
	status := "queued"
	if attempts >= retryCap {
		status = "dead"
	}
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1`, id, status)
	return err
}
