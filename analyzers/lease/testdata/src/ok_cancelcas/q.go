// An approval workflow runs while people act on it; its initiator may
// cancel it, a compare-and-set from 'running' to 'cancelled' that records
// when it ended. Cancelling ends the workflow: it takes no work to do, so
// it holds no lease and needs no reclaim.
package ok_cancelcas

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrTerminal = errors.New("workflow already ended")

func Running(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `SELECT id FROM workflows WHERE status = 'running' ORDER BY created_at LIMIT 20`)
	return err
}

func Cancel(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	tag, err := pool.Exec(ctx, `UPDATE workflows SET status = 'cancelled', terminal_at = now() WHERE id = $1 AND status = 'running'`, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrTerminal
	}
	return nil
}
