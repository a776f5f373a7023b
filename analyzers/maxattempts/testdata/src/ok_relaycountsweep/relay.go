// A relay that counts each attempt before it decodes the row, and a sweep
// that moves the rows out of the poll once they have used five.
package ok_relaycountsweep

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Invoice struct {
	Number string `json:"number"`
}

type Mailer interface {
	MailInvoice(ctx context.Context, inv Invoice) error
}

func Add(ctx context.Context, pool *pgxpool.Pool, body []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO invoice_outbox (body, status, attempts) VALUES ($1, 'pending', 0)`, body)
	return err
}

func Sweep(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE invoice_outbox SET status = 'dead' WHERE status = 'pending' AND attempts >= 5`)
	return err
}

func Run(ctx context.Context, pool *pgxpool.Pool, m Mailer) error {
	var id int64
	var body []byte
	err := pool.QueryRow(ctx, `SELECT id, body FROM invoice_outbox WHERE status = 'pending' ORDER BY id LIMIT 1`).Scan(&id, &body)
	if err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `UPDATE invoice_outbox SET attempts = attempts + 1 WHERE id = $1`, id); err != nil {
		return err
	}
	var inv Invoice
	if err := json.Unmarshal(body, &inv); err != nil {
		return err
	}
	if err := m.MailInvoice(ctx, inv); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE invoice_outbox SET status = 'sent' WHERE id = $1`, id)
	return err
}
