// The relay loops: each turn locks one unsent row, stamps taken_at on it
// and commits, then delivers it. The delivery of one turn comes before the
// stamp of the next, but the stamp of each row is made before its own
// delivery: it is a claim, and a relay killed mid-delivery leaves the row
// taken for ever, with nothing that takes it back.
package marknextturn

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Sink interface {
	Deliver(ctx context.Context, topic string, body []byte) error
}

type Relay struct {
	pool *pgxpool.Pool
	sink Sink
}

func (r *Relay) Run(ctx context.Context) error {
	for {
		tx, err := r.pool.Begin(ctx)
		if err != nil {
			return err
		}
		var id int64
		var topic string
		var body []byte
		if err := tx.QueryRow(ctx, `SELECT id, topic, body FROM events WHERE taken_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &topic, &body); err != nil {
			tx.Rollback(ctx)
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE events SET taken_at = now() WHERE id = $1`, id); err != nil { // want `this claim writes a lease \(taken_at\), but no statement in the module returns jobs whose lease expired`
			tx.Rollback(ctx)
			return err
		}
		if err := tx.Commit(ctx); err != nil {
			return err
		}
		if err := r.sink.Deliver(ctx, topic, body); err != nil {
			return err
		}
		if _, err := r.pool.Exec(ctx, `DELETE FROM events WHERE id = $1`, id); err != nil {
			return err
		}
	}
}
