// A payload the consumer cannot decode: the decoder's error rolls back
// the claim, and the message heads the queue on every tick.
package rbdecode

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Message struct {
	Text string `json:"text"`
}

func Consume(ctx context.Context, pool *pgxpool.Pool, deliver func(Message)) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var id int64
		var payload []byte
		if err := tx.QueryRow(ctx, `SELECT id, payload FROM inbox WHERE processed_at IS NULL ORDER BY received_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
			return err
		}
		var m Message
		err := json.Unmarshal(payload, &m)
		if err != nil {
			return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		}
		deliver(m)
		_, err = tx.Exec(ctx, `UPDATE inbox SET processed_at = now() WHERE id = $1`, id)
		return err
	})
}
