// A webhook relay whose payload is decoded by a helper of the package: its
// error skips the mark, and the row is read again on every poll.
package relaydecodehelper

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Hook struct {
	URL  string          `json:"url"`
	Body json.RawMessage `json:"body"`
}

type Poster interface {
	Post(ctx context.Context, h Hook) error
}

func decodeHook(raw []byte) (Hook, error) {
	var h Hook
	if err := json.Unmarshal(raw, &h); err != nil {
		return Hook{}, err
	}
	if h.URL == "" {
		return Hook{}, errors.New("hook without url")
	}
	return h, nil
}

func Add(ctx context.Context, pool *pgxpool.Pool, raw []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO webhook_outbox (raw) VALUES ($1)`, raw)
	return err
}

func Deliver(ctx context.Context, pool *pgxpool.Pool, p Poster) error {
	rows, err := pool.Query(ctx, `SELECT id, raw FROM webhook_outbox WHERE delivered = false LIMIT 20`)
	if err != nil {
		return err
	}
	defer rows.Close()
	ids := []int64{}
	raws := [][]byte{}
	for rows.Next() {
		var id int64
		var raw []byte
		if err := rows.Scan(&id, &raw); err != nil {
			return err
		}
		ids, raws = append(ids, id), append(raws, raw)
	}
	for i := range ids {
		h, err := decodeHook(raws[i]) // want `a row that keeps failing`
		if err != nil {
			continue
		}
		if err := p.Post(ctx, h); err != nil {
			continue
		}
		if _, err := pool.Exec(ctx, `UPDATE webhook_outbox SET delivered = true WHERE id = $1`, ids[i]); err != nil {
			return err
		}
	}
	return nil
}
