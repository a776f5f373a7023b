// Four tables that look like queues statement by statement and are not:
// no row of them is created runnable, taken by a worker and moved to an
// outcome.
package notqueue_cycle

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A new workflow version: the current one is locked (FOR UPDATE waits,
// so two deploys of one workflow take turns), demoted, and a new current
// one inserted. is_current is a flag, and this lock serialises writers.
func NewVersion(ctx context.Context, tx pgx.Tx, workflow int64, spec []byte) error {
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM workflow_versions WHERE workflow_id = $1 AND is_current = true
		ORDER BY version DESC LIMIT 1 FOR UPDATE`, workflow).Scan(&id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE workflow_versions SET is_current = false WHERE id = $1`, id); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO workflow_versions (workflow_id, spec) VALUES ($1, $2)`, workflow, spec)
	return err
}

// Webhooks switched off by key, after a check that they are on.
func Disable(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	tag, err := pool.Exec(ctx, `UPDATE webhooks SET is_active = false WHERE id = $1 AND is_active = true`, id)
	if err != nil {
		return err
	}
	_ = tag.RowsAffected()
	return nil
}

func Enable(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE webhooks SET is_active = true WHERE id = $1`, id)
	return err
}

func CreateWebhook(ctx context.Context, pool *pgxpool.Pool, url string) error {
	_, err := pool.Exec(ctx, `INSERT INTO webhooks (url) VALUES ($1)`, url)
	return err
}

// Rows locked in key order before a batch update, so that two batches
// never deadlock: the ids are known, nothing is picked.
func LockBatch(ctx context.Context, tx pgx.Tx, ids []int64) error {
	rows, err := tx.Query(ctx, `SELECT id FROM step_runs WHERE id = ANY($1) AND status = 'pending' ORDER BY id LIMIT 1000 FOR UPDATE SKIP LOCKED`, ids)
	if err != nil {
		return err
	}
	rows.Close()
	_, err = tx.Exec(ctx, `UPDATE step_runs SET status = 'assigned' WHERE id = ANY($1)`, ids)
	return err
}

// Strategies nobody used for a day are switched off in a sweep that skips
// the rows another sweep holds. Nothing is handed to a worker, and the
// flag leaves no state for an outcome: no queue.
func DeactivateStale(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `WITH stale AS (
		SELECT id FROM strategies WHERE is_active = true AND last_active_at < now() - interval '1 day'
		ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED)
	UPDATE strategies s SET is_active = false FROM stale WHERE s.id = stale.id`)
	return err
}

func CreateStrategy(ctx context.Context, pool *pgxpool.Pool, name string) error {
	_, err := pool.Exec(ctx, `INSERT INTO strategies (name) VALUES ($1)`, name)
	return err
}
