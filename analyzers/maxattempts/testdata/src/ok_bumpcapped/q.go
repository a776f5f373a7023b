// An outbox relay holds each row's lock while it publishes: the row stays
// unprocessed (processed_at IS NULL) and the poll takes it again. A failed
// publish only counts the attempt and records the error; the poll takes a
// row only while its count is under the limit.
package ok_bumpcapped

import (
	"context"
	"database/sql"

	"ok_bumpcapped/store"
)

func Relay(ctx context.Context, db *sql.DB, s store.Store, publish func([]byte) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	events, err := s.Unprocessed(ctx, tx)
	if err != nil {
		return err
	}
	for _, e := range events {
		if err := publish(e.Payload); err != nil {
			if err := s.CountFailure(ctx, tx, e.ID, err.Error()); err != nil {
				return err
			}
			continue
		}
		if err := s.MarkProcessed(ctx, tx, e.ID); err != nil {
			return err
		}
	}
	return tx.Commit()
}
