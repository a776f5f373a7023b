package sweeplike_helper // want package:"queues\\(public.outbox\\)"

// A relay that marks its batch sent in a helper on its transaction, then
// hands the rows to be published: at most once, but the rows go to work.
// A claim, not a sweep, though its shape is a janitor's.

import (
	"context"
	"database/sql"

	"github.com/lib/pq"
)

type Message struct {
	ID      int64
	Payload []byte
}

func Take(ctx context.Context, db *sql.DB) ([]Message, error) { // want Take:"claims jobs"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT id, payload FROM outbox WHERE status = 'pending'
ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var batch []Message
	for rows.Next() {
		var m Message
		if err := rows.Scan(&m.ID, &m.Payload); err != nil {
			return nil, err
		}
		batch = append(batch, m)
	}
	if err := markSent(ctx, tx, batch); err != nil {
		return nil, err
	}
	return batch, tx.Commit()
}

func markSent(ctx context.Context, tx *sql.Tx, batch []Message) error { // want markSent:"passes on the error of a completion"
	ids := make([]int64, 0, len(batch))
	for _, m := range batch {
		ids = append(ids, m.ID)
	}
	_, err := tx.ExecContext(ctx, `UPDATE outbox SET status = 'sent' WHERE id = ANY($1)`, pq.Array(ids))
	return err
}
