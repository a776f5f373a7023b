// A relay that marks every row it read, the ones it could not decode
// included (they are logged and dropped): the batch's ids are gathered
// before the decode and marked once after the loop.
package ok_relaygathered

import (
	"context"
	"encoding/json"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Audit struct {
	Actor string `json:"actor"`
}

type Sink interface {
	Write(ctx context.Context, a Audit) error
}

func Log(ctx context.Context, pool *pgxpool.Pool, body []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO audit_outbox (body) VALUES ($1)`, body)
	return err
}

func Ship(ctx context.Context, pool *pgxpool.Pool, sink Sink) error {
	rows, err := pool.Query(ctx, `SELECT id, body FROM audit_outbox WHERE shipped_at IS NULL ORDER BY id LIMIT 500`)
	if err != nil {
		return err
	}
	type row struct {
		id   int64
		body []byte
	}
	var batch []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.body); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, r)
	}
	rows.Close()
	var done []int64
	for _, r := range batch {
		done = append(done, r.id)
		var a Audit
		if err := json.Unmarshal(r.body, &a); err != nil {
			log.Printf("audit %d dropped: %v", r.id, err)
			continue
		}
		if err := sink.Write(ctx, a); err != nil {
			return err
		}
	}
	_, err = pool.Exec(ctx, `UPDATE audit_outbox SET shipped_at = now() WHERE id = ANY($1)`, done)
	return err
}
