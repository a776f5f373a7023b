// A worker fed by a channel appends each delivery's status to a log
// table: a row written once per event, never moved by key. No job
// record, nothing left running.
package ok_record_audit

import (
	"context"
	"database/sql"
)

type Delivery struct {
	ID   int64
	Body []byte
}

func logStatus(ctx context.Context, db *sql.DB, id int64, status string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO delivery_status (delivery_id, status) VALUES ($1, $2)`, id, status)
	return err
}

func Work(ctx context.Context, db *sql.DB, in <-chan Delivery, send func(context.Context, []byte) error) {
	for d := range in {
		logStatus(ctx, db, d.ID, "sending")
		if err := send(ctx, d.Body); err != nil {
			logStatus(ctx, db, d.ID, "failed")
			continue
		}
		logStatus(ctx, db, d.ID, "delivered")
	}
}
