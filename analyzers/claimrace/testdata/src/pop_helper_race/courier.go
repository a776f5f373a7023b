// pop, as a mail courier uses it: an unlocked poll of queued messages
// (one more clause only on CockroachDB), then each message marked
// processing through the application's own UPDATE helper, by its key with
// no status re-check, in one pop transaction at the default level. Two
// couriers read the same rows and both UPDATEs succeed.
package pop_helper_race

import (
	"context"
	"time"

	"github.com/gobuffalo/pop/v6"

	"pop_helper_race/store"
)

type CourierMessage struct {
	ID        string    `db:"id"`
	Status    string    `db:"status"`
	Body      string    `db:"body"`
	CreatedAt time.Time `db:"created_at"`
}

func NextMessages(ctx context.Context, c *pop.Connection, limit uint8) ([]CourierMessage, error) {
	var messages []CourierMessage
	err := c.Transaction(func(tx *pop.Connection) error {
		q := tx.Where("status = ?", "queued")
		if tx.Dialect.Name() == "cockroach" {
			q = q.Where("created_at < ?", time.Now().Add(-time.Second))
		}
		var m []CourierMessage
		if err := q.Order("created_at ASC").Limit(int(limit)).All(&m); err != nil { // want `two workers can claim the same job`
			return err
		}
		for i := range m {
			message := &m[i]
			message.Status = "processing"
			if err := store.SaveColumns(ctx, tx, message, "status"); err != nil {
				return err
			}
		}
		messages = m
		return nil
	})
	return messages, err
}
