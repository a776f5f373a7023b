// ok_pop_helper with its states coded as integers: the poll locks the messages with FOR UPDATE SKIP LOCKED, and the
// application's own UPDATE helper marks them in the same pop transaction,
// which holds the locks until it commits.
package ok_pop_helper_int

import (
	"context"

	"github.com/gobuffalo/pop/v6"

	"ok_pop_helper_int/store"
)

type MessageStatus int

const (
	MessageStatusQueued MessageStatus = iota + 1
	MessageStatusSent
	MessageStatusProcessing
)

type CourierMessage struct {
	ID     string        `db:"id"`
	Status MessageStatus `db:"status"`
	Body   string        `db:"body"`
}

func NextMessages(ctx context.Context, c *pop.Connection, limit int) ([]CourierMessage, error) {
	var messages []CourierMessage
	err := c.Transaction(func(tx *pop.Connection) error {
		var m []CourierMessage
		if err := tx.RawQuery("SELECT * FROM courier_messages WHERE status = ? ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED", MessageStatusQueued, limit).All(&m); err != nil {
			return err
		}
		for i := range m {
			message := &m[i]
			message.Status = MessageStatusProcessing
			if err := store.SaveColumns(ctx, tx, message, "status"); err != nil {
				return err
			}
		}
		messages = m
		return nil
	})
	return messages, err
}
