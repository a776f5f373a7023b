// pop, as a mail courier uses it: an unlocked SELECT of queued messages,
// then an UPDATE of each by id with no status re-check, in one pop
// transaction at the default level. Two couriers read the same rows and
// both UPDATEs succeed.
package pop_race

import "github.com/gobuffalo/pop/v6"

type CourierMessage struct {
	ID     string `db:"id"`
	Status string `db:"status"`
	Body   string `db:"body"`
}

func NextMessages(c *pop.Connection, limit uint8) ([]CourierMessage, error) {
	var messages []CourierMessage
	err := c.Transaction(func(tx *pop.Connection) error {
		var m []CourierMessage
		if err := tx.Where("status = ?", "queued").Order("created_at ASC").Limit(int(limit)).All(&m); err != nil { // want `two workers can claim the same job`
			return err
		}
		for i := range m {
			if err := tx.RawQuery("UPDATE courier_messages SET status = ? WHERE id = ?", "processing", m[i].ID).Exec(); err != nil {
				return err
			}
		}
		messages = m
		return nil
	})
	return messages, err
}
