// A relay whose decoding helper records a payload it cannot decode as
// failed before it returns the error.
package ok_relaydecodeorfail

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Sms struct {
	Phone string `json:"phone"`
}

type Gateway interface {
	Send(ctx context.Context, s Sms) error
}

func Add(ctx context.Context, pool *pgxpool.Pool, body []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO sms_outbox (body, status) VALUES ($1, 'new')`, body)
	return err
}

func decodeOrFail(ctx context.Context, pool *pgxpool.Pool, id int64, body []byte) (Sms, error) {
	var s Sms
	if err := json.Unmarshal(body, &s); err != nil {
		_, _ = pool.Exec(ctx, `UPDATE sms_outbox SET status = 'failed' WHERE id = $1`, id)
		return Sms{}, err
	}
	return s, nil
}

func Run(ctx context.Context, pool *pgxpool.Pool, gw Gateway) error {
	var id int64
	var body []byte
	if err := pool.QueryRow(ctx, `SELECT id, body FROM sms_outbox WHERE status = 'new' ORDER BY id LIMIT 1`).Scan(&id, &body); err != nil {
		return err
	}
	s, err := decodeOrFail(ctx, pool, id, body)
	if err != nil {
		return err
	}
	if err := gw.Send(ctx, s); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE sms_outbox SET status = 'sent' WHERE id = $1`, id)
	return err
}
