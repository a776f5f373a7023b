// The notifier's tick in one transaction: the batch stays locked while each
// message is sent and marked, until Commit.
package ok_autocommit_tx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Notifier struct {
	pool *pgxpool.Pool
	send func(ctx context.Context, to string) error
}

func (n *Notifier) Enqueue(ctx context.Context, to string) error {
	_, err := n.pool.Exec(ctx, `INSERT INTO outgoing_messages (recipient, state) VALUES ($1, 'waiting')`, to)
	return err
}

func (n *Notifier) tick(ctx context.Context) error {
	tx, err := n.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, recipient FROM outgoing_messages WHERE state = 'waiting' ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	type msg struct {
		id int64
		to string
	}
	var ms []msg
	for rows.Next() {
		var m msg
		if err := rows.Scan(&m.id, &m.to); err != nil {
			return err
		}
		ms = append(ms, m)
	}
	rows.Close()
	for _, m := range ms {
		state := "sent"
		if n.send(ctx, m.to) != nil {
			state = "dead"
		}
		if err := mark(ctx, tx, m.id, state); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

func mark(ctx context.Context, tx pgx.Tx, id int64, state string) error {
	_, err := tx.Exec(ctx, `UPDATE outgoing_messages SET state = $2 WHERE id = $1`, id, state)
	return err
}
