// A relay that counts each try before it decodes the row (the new count
// computed in Go) and whose poll stops at five tries.
package ok_relaytriesbefore

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Push struct {
	Token string `json:"token"`
}

type Gateway interface {
	Push(ctx context.Context, p Push) error
}

func Add(ctx context.Context, pool *pgxpool.Pool, body []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO push_outbox (body, tries) VALUES ($1, 0)`, body)
	return err
}

func Run(ctx context.Context, pool *pgxpool.Pool, gw Gateway) error {
	var id int64
	var tries int
	var body []byte
	err := pool.QueryRow(ctx, `SELECT id, tries, body FROM push_outbox WHERE pushed_at IS NULL AND tries < 5 ORDER BY id LIMIT 1`).Scan(&id, &tries, &body)
	if err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `UPDATE push_outbox SET tries = $2 WHERE id = $1`, id, tries+1); err != nil {
		return err
	}
	var p Push
	if err := json.Unmarshal(body, &p); err != nil {
		return err
	}
	if err := gw.Push(ctx, p); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE push_outbox SET pushed_at = now() WHERE id = $1`, id)
	return err
}
