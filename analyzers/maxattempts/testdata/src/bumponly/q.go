// An outbox relay holds each row's lock while it publishes: the row stays
// unprocessed (processed_at IS NULL) and the poll takes it again. A failed
// publish only counts the attempt and records the error; nothing compares
// the count with a limit, so a message that never publishes is retried for
// ever (the poll's backoff, immediate for the first three, only slows it
// down).
package bumponly

import (
	"context"
	"database/sql"

	"bumponly/store"
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
			if err := s.CountFailure(ctx, tx, e.ID, err.Error()); err != nil { // want `this call puts the job back with no limit`
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
