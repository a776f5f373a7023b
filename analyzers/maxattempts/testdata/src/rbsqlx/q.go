// A relay on sqlx: the transaction comes from Beginx (*sqlx.Tx, which
// embeds *sql.Tx and so promotes its Rollback and Commit). A failed
// delivery returns, the deferred Rollback undoes the claim, and the row is
// taken again on the next poll with nothing counted.
package rbsqlx

import (
	"context"

	"github.com/jmoiron/sqlx"
)

type Message struct {
	ID    int64  `db:"id"`
	Topic string `db:"topic"`
	Body  []byte `db:"body"`
}

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error
}

type Relay struct {
	db  *sqlx.DB
	pub Publisher
}

func (r *Relay) relayOne(ctx context.Context) error {
	tx, err := r.db.Beginx()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var m Message
	if err := tx.Get(&m, `SELECT id, topic, body FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`); err != nil {
		return err
	}
	if err := r.pub.Publish(ctx, m.Topic, m.Body); err != nil {
		return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
	}
	if _, err := tx.Exec(`UPDATE outbox SET sent_at = now() WHERE id = $1`, m.ID); err != nil {
		return err
	}
	return tx.Commit()
}

func (r *Relay) Run(ctx context.Context) {
	for ctx.Err() == nil {
		_ = r.relayOne(ctx)
	}
}

// rollback ends a transaction, ignoring the error (nothing to do after a
// Commit).
func (r *Relay) rollback(tx *sqlx.Tx) {
	_ = tx.Rollback()
}

// relayOneHelper rolls back through the store's helper: the same retry.
func (r *Relay) relayOneHelper(ctx context.Context) error {
	tx, err := r.db.Beginx()
	if err != nil {
		return err
	}
	defer r.rollback(tx)
	var m Message
	if err := tx.Get(&m, `SELECT id, topic, body FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`); err != nil {
		return err
	}
	if err := r.pub.Publish(ctx, m.Topic, m.Body); err != nil {
		return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
	}
	if _, err := tx.Exec(`DELETE FROM outbox WHERE id = $1`, m.ID); err != nil {
		return err
	}
	return tx.Commit()
}

func (r *Relay) RunHelper(ctx context.Context) {
	for ctx.Err() == nil {
		_ = r.relayOneHelper(ctx)
	}
}
