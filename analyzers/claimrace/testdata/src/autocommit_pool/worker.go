// A notifier whose tick locks a batch of due messages on the pool and then
// sends each one, marking it sent or rescheduling it through helpers: no
// UPDATE takes the rows, and the SELECT's locks end when it returns.
package autocommit_pool

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type message struct {
	id    int64
	to    string
	tries int
}

type Notifier struct {
	pool *pgxpool.Pool
	send func(ctx context.Context, to string) error
}

func (n *Notifier) Enqueue(ctx context.Context, to string) error {
	_, err := n.pool.Exec(ctx, `INSERT INTO outgoing_messages (recipient, state) VALUES ($1, 'waiting')`, to)
	return err
}

func (n *Notifier) Run(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = n.tick(ctx)
		}
	}
}

func (n *Notifier) tick(ctx context.Context) error {
	rows, err := n.pool.Query(ctx, `SELECT id, recipient, tries FROM outgoing_messages WHERE state = 'waiting' AND (retry_at IS NULL OR retry_at <= now()) ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED`) // want `FOR UPDATE on a pool releases its row locks as soon as the SELECT returns, and nothing else claims the rows\n`
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var m message
		if err := rows.Scan(&m.id, &m.to, &m.tries); err != nil {
			return err
		}
		n.handle(ctx, m)
	}
	return rows.Err()
}

func (n *Notifier) handle(ctx context.Context, m message) {
	if err := n.send(ctx, m.to); err != nil {
		n.reschedule(ctx, m)
		return
	}
	n.markSent(ctx, m.id)
}

func (n *Notifier) markSent(ctx context.Context, id int64) {
	_, _ = n.pool.Exec(ctx, `UPDATE outgoing_messages SET state = 'sent', sent_at = now() WHERE id = $1`, id)
}

func (n *Notifier) reschedule(ctx context.Context, m message) {
	if m.tries >= 5 {
		_, _ = n.pool.Exec(ctx, `UPDATE outgoing_messages SET state = 'dead' WHERE id = $1`, m.id)
		return
	}
	_, _ = n.pool.Exec(ctx, `UPDATE outgoing_messages SET tries = tries + 1, retry_at = $2 WHERE id = $1`, m.id, time.Now().Add(time.Minute))
}
