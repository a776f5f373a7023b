// pop_helper_race with its states coded as integers (an iota enum of a
// named type, stored in an integer column), as ory/kratos's courier codes
// them: the unlocked poll of queued messages and the UPDATE by key that
// marks them processing race as they do with strings.
package pop_helper_int_race

import (
	"context"
	"time"

	"github.com/gobuffalo/pop/v6"

	"pop_helper_int_race/store"
)

type MessageStatus int

const (
	MessageStatusQueued MessageStatus = iota + 1
	MessageStatusSent
	MessageStatusProcessing
)

type CourierMessage struct {
	ID        string        `db:"id"`
	Status    MessageStatus `db:"status"`
	Body      string        `db:"body"`
	CreatedAt time.Time     `db:"created_at"`
}

func NextMessages(ctx context.Context, c *pop.Connection, limit uint8) ([]CourierMessage, error) {
	var messages []CourierMessage
	err := c.Transaction(func(tx *pop.Connection) error {
		q := tx.Where("status = ?", MessageStatusQueued)
		if tx.Dialect.Name() == "cockroach" {
			q = q.Where("created_at < ?", time.Now().Add(-time.Second))
		}
		var m []CourierMessage
		if err := q.Order("created_at ASC").Limit(int(limit)).All(&m); err != nil { // want `two workers can claim the same job`
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
