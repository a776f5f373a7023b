// The relay claims each row before it sends it: a compare-and-set whose
// row count it checks, so a second relay that read the same row skips it.
package ok_relay_claimfirst

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Sender interface {
	Send(ctx context.Context, to string, body string) error
}

func Enqueue(ctx context.Context, pool *pgxpool.Pool, to, body string) error {
	_, err := pool.Exec(ctx, `INSERT INTO emails (recipient, body, status) VALUES ($1, $2, 'pending')`, to, body)
	return err
}

func Drain(ctx context.Context, pool *pgxpool.Pool, s Sender) error {
	rows, err := pool.Query(ctx, `SELECT id, recipient, body FROM emails WHERE status = 'pending' ORDER BY id LIMIT 20`)
	if err != nil {
		return err
	}
	type email struct {
		id       int64
		to, body string
	}
	var batch []email
	for rows.Next() {
		var e email
		if err := rows.Scan(&e.id, &e.to, &e.body); err != nil {
			return err
		}
		batch = append(batch, e)
	}
	rows.Close()
	for _, e := range batch {
		tag, err := pool.Exec(ctx, `UPDATE emails SET status = 'sending' WHERE id = $1 AND status = 'pending'`, e.id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			continue // another relay took it
		}
		if err := s.Send(ctx, e.to, e.body); err != nil {
			_, _ = pool.Exec(ctx, `UPDATE emails SET status = 'failed' WHERE id = $1`, e.id)
			continue
		}
		if _, err := pool.Exec(ctx, `UPDATE emails SET status = 'sent' WHERE id = $1`, e.id); err != nil {
			return err
		}
	}
	return nil
}
