// A relay that reads a batch in a transaction, queues each record on a
// broker pipeline and flushes it once: the flush is given nothing of any
// record, so its error is the broker's (down, unreachable), not one
// record's. Rolling back and reading the same batch again until the
// broker is back is what a relay should do. A failure of what one record
// is given (rbdefer's handler) is another matter.
package ok_rbflush

import (
	"context"
	"database/sql"
)

type Pipeline interface {
	Add(topic string, payload []byte)
	Flush(ctx context.Context) error
}

type Relay struct {
	db     *sql.DB
	broker func() Pipeline
}

func (r *Relay) Process(ctx context.Context) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT id, topic, payload FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	defer rows.Close()
	pipe := r.broker()
	var ids []int64
	for rows.Next() {
		var (
			id      int64
			topic   string
			payload []byte
		)
		if err := rows.Scan(&id, &topic, &payload); err != nil {
			return err
		}
		pipe.Add(topic, payload)
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if err := pipe.Flush(ctx); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, `UPDATE outbox SET sent_at = now() WHERE id = $1`, id); err != nil {
			return err
		}
	}
	return tx.Commit()
}
