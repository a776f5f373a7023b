// The job ids come from a channel (fed by Redis or LISTEN): no statement
// polls. Each worker takes its job by a compare-and-set and writes when it
// started, but nothing returns a running job whose worker died.
package bykeynolease

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
		// want +1 `this claim writes a lease \(started_at\), but no statement in the module returns jobs whose lease expired\na killed worker's job stays 'running' forever;`
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
