// A relay on sqlx that records a failed delivery in its transaction
// before it ends: the attempt is counted and the poll stops at the limit.
// The deferred helper's rollback only ends what a failed statement left.
package ok_rbsqlx

import (
	"context"

	"github.com/jmoiron/sqlx"
)

const maxAttempts = 8

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

func (r *Relay) rollback(tx *sqlx.Tx) {
	_ = tx.Rollback()
}

func (r *Relay) relayOne(ctx context.Context) error {
	tx, err := r.db.Beginx()
	if err != nil {
		return err
	}
	defer r.rollback(tx)
	var m Message
	if err := tx.Get(&m, `SELECT id, topic, body FROM outbox WHERE sent_at IS NULL AND attempts < $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`, maxAttempts); err != nil {
		return err
	}
	if perr := r.pub.Publish(ctx, m.Topic, m.Body); perr != nil {
		if _, err := tx.Exec(`UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, m.ID, perr.Error()); err != nil {
			return err
		}
		return tx.Commit()
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

// finish commits what the transaction recorded; its Rollback only frees
// the connection of a Commit that failed (after a Commit it does nothing).
func (r *Relay) finish(tx *sqlx.Tx) {
	err := tx.Commit()
	_ = tx.Rollback()
	_ = err
}

// relayFinished records the failed delivery and leaves the Commit to the
// deferred helper: nothing is rolled back.
func (r *Relay) relayFinished(ctx context.Context) error {
	tx, err := r.db.Beginx()
	if err != nil {
		return err
	}
	defer r.finish(tx)
	var m Message
	if err := tx.Get(&m, `SELECT id, topic, body FROM outbox WHERE sent_at IS NULL AND attempts < $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`, maxAttempts); err != nil {
		return err
	}
	if perr := r.pub.Publish(ctx, m.Topic, m.Body); perr != nil {
		_, err := tx.Exec(`UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, m.ID, perr.Error())
		return err
	}
	_, err = tx.Exec(`UPDATE outbox SET sent_at = now() WHERE id = $1`, m.ID)
	return err
}

func (r *Relay) RunFinished(ctx context.Context) {
	for ctx.Err() == nil {
		_ = r.relayFinished(ctx)
	}
}
