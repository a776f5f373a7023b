// The worker records each step of a long job as it reaches it and drops
// those writes' errors: a lost progress mark records no outcome. The
// completion's error is checked.
package ok_discarded_progress

import (
	"context"
	"database/sql"
	"log"
	"time"
)

func extract(ctx context.Context, id int64) error { return nil }

func Run(ctx context.Context, db *sql.DB) {
	for ctx.Err() == nil {
		var id int64
		err := db.QueryRowContext(ctx, `UPDATE jobs SET status = 'ingesting', locked_until = now() + interval '5 minutes'
			WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
			RETURNING id`).Scan(&id)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		db.ExecContext(ctx, `UPDATE jobs SET status = 'extracting' WHERE id = $1`, id)
		if err := extract(ctx, id); err != nil {
			if _, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id); err != nil {
				log.Printf("fail job %d: %v", id, err)
			}
			continue
		}
		if _, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'completed' WHERE id = $1`, id); err != nil {
			log.Printf("complete job %d: %v", id, err)
		}
	}
}

func Reclaim(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'queued' WHERE status IN ('ingesting', 'extracting') AND locked_until < now()`)
	return err
}
