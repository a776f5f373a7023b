// A sweeper that decides each row's state in one CASE. Its reclaim arm
// names the state it takes jobs from, but the arm that fails jobs at
// their limit does not: a job that succeeded on its last try matches
// tries >= max_tries too, and is turned into a failure.
package casesweep

import (
	"context"
	"database/sql"
)

func Lease(ctx context.Context, db *sql.DB) (id int64, err error) {
	err = db.QueryRowContext(ctx, `UPDATE work_items SET state = 'running', tries = tries + 1, heartbeat_at = now()
		WHERE id = (SELECT id FROM work_items WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE work_items SET state = 'succeeded' WHERE id = $1 AND state = 'running'`, id)
	return err
}

func Sweep(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE work_items SET
		state = CASE WHEN tries >= max_tries THEN 'dead' WHEN state = 'running' THEN 'queued' ELSE state END
		WHERE tries >= max_tries OR (state = 'running' AND heartbeat_at < now() - interval '2 minutes')`) // want `^this UPDATE sets state to 'dead' on every row of work_items with tries >= max_tries, whatever state the job is in\n`
	return err
}
