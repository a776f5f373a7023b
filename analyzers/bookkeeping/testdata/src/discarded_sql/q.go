// The worker records the job's success and never looks at the result: when
// the UPDATE fails, the finished job stays running until the reclaimer
// puts it back, and it runs again with no trace of why.
package discarded_sql

import (
	"context"
	"database/sql"
	"log"
	"time"
)

func send(ctx context.Context, id int64) error { return nil }

func Run(ctx context.Context, db *sql.DB) {
	for ctx.Err() == nil {
		var id int64
		err := db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
			WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
			RETURNING id`).Scan(&id)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := send(ctx, id); err != nil {
			if _, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id); err != nil {
				log.Printf("fail job %d: %v", id, err)
			}
			continue
		}
		db.ExecContext(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1`, id) // want `the error of this completion is discarded`
	}
}

func Reclaim(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
