// A relay that decodes its routing table, not the row: a bad table stops
// every row alike until it is fixed, no row of its own fails.
package ok_relayconfigdecode

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, payload []byte) error
}

func Save(ctx context.Context, pool *pgxpool.Pool, kind string, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO domain_outbox (kind, payload) VALUES ($1, $2)`, kind, payload)
	return err
}

func Relay(ctx context.Context, pool *pgxpool.Pool, routes []byte, pub Publisher) error {
	rows, err := pool.Query(ctx, `SELECT id, kind, payload FROM domain_outbox WHERE published = false ORDER BY id LIMIT 100`)
	if err != nil {
		return err
	}
	type row struct {
		id      int64
		kind    string
		payload []byte
	}
	var batch []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.kind, &r.payload); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, r)
	}
	rows.Close()
	for _, r := range batch {
		var topics map[string]string
		if err := json.Unmarshal(routes, &topics); err != nil {
			return err
		}
		if err := pub.Publish(ctx, topics[r.kind], r.payload); err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `UPDATE domain_outbox SET published = true WHERE id = $1`, r.id); err != nil {
			return err
		}
	}
	return nil
}
