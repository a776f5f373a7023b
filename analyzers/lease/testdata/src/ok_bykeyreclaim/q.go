// The job ids come from a channel (fed by Redis or LISTEN): no statement
// polls. Each worker takes its job by a compare-and-set and writes when it
// started; a reaper returns a running job whose worker died, and feeds its
// id back to the channel's source.
package ok_bykeyreclaim

import (
	"context"
	"database/sql"
)

func Enqueue(ctx context.Context, db *sql.DB, id, payload string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO jobs (id, payload) VALUES ($1, $2)`, id, payload)
	return err
}

func Work(ctx context.Context, db *sql.DB, ids <-chan string, run func(string) error) error {
	for id := range ids {
		var payload string
		err := db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', started_at = now()
			WHERE id = $1 AND status = 'pending' RETURNING payload`, id).Scan(&payload)
		if err == sql.ErrNoRows {
			continue // taken by another worker, or cancelled
		}
		if err != nil {
			return err
		}
		state := "completed"
		if run(payload) != nil {
			state = "failed"
		}
		if _, err := db.ExecContext(ctx, `UPDATE jobs SET status = $1 WHERE id = $2`, state, id); err != nil {
			return err
		}
	}
	return nil
}

func Reap(ctx context.Context, db *sql.DB) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'running' AND started_at < now() - interval '10 minutes' RETURNING id`)
}
