// The relay runs the batch on a transaction it begins, and commits after
// the marks: the rows stay locked until then.
package relaydirecttx

import (
	"context"
	"database/sql"

	"relaydb"
)

func Flush(ctx context.Context, db *sql.DB, publish func(relaydb.Event) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	q := relaydb.New(db).WithTx(tx)
	events, err := q.FetchPending(ctx, 100)
	if err != nil {
		return err
	}
	for _, e := range events {
		if publish(e) != nil {
			continue
		}
		if err := q.MarkSent(ctx, e.ID); err != nil {
			return err
		}
	}
	return tx.Commit()
}
