// The poll is served by (state, next_run_at). The backlog report counts
// the queued rows per route and target, biggest first: it gives back one
// row per group, no job, so no index needs to serve it as a poll.
package accept_backlogreport

import (
	"context"
	"database/sql"
)

func Dequeue(ctx context.Context, db *sql.DB) (id int64, err error) {
	err = db.QueryRowContext(ctx, `UPDATE queue_items SET state = 'leased', lease_until = now() + interval '30 seconds'
		WHERE id = (SELECT id FROM queue_items WHERE state = 'queued' AND next_run_at <= now()
			ORDER BY next_run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Ack(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE queue_items SET state = 'done' WHERE id = $1 AND state = 'leased'`, id)
	return err
}

type Bucket struct {
	Route, Target string
	Queued        int64
}

func Backlog(ctx context.Context, db *sql.DB, limit int) ([]Bucket, error) {
	rows, err := db.QueryContext(ctx, `SELECT route, target, count(*)
		FROM queue_items
		WHERE state = $1
		GROUP BY route, target
		ORDER BY count(*) DESC, route, target
		LIMIT $2`, "queued", limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Bucket
	for rows.Next() {
		var b Bucket
		if err := rows.Scan(&b.Route, &b.Target, &b.Queued); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}
