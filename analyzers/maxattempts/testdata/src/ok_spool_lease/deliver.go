// Webhook deliveries whose due time is their visibility timeout: a worker
// takes a due row by pushing run_after forward with a compare-and-set,
// goes on only if it won, delivers, then deletes the row. A worker that
// dies leaves the row to come due again when the timeout passes.
package ok_spool_lease

import (
	"context"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type delivery struct {
	id       int64
	url      string
	body     []byte
	runAfter time.Time
}

type Deliverer struct {
	pool *pgxpool.Pool
	post func(ctx context.Context, url string, body []byte) error
}

func (d *Deliverer) due(ctx context.Context) ([]delivery, error) {
	rows, err := d.pool.Query(ctx, `SELECT id, url, body, run_after FROM webhook_deliveries WHERE run_after <= now() AND tries < 10 ORDER BY run_after LIMIT 20`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []delivery
	for rows.Next() {
		var x delivery
		if err := rows.Scan(&x.id, &x.url, &x.body, &x.runAfter); err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, rows.Err()
}

func (d *Deliverer) Work(ctx context.Context) error {
	batch, err := d.due(ctx)
	if err != nil {
		return err
	}
	for _, x := range batch {
		tag, err := d.pool.Exec(ctx, `UPDATE webhook_deliveries SET run_after = now() + interval '2 minutes', tries = tries + 1 WHERE id = $1 AND run_after = $2`, x.id, x.runAfter)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			continue // another worker took it
		}
		if err := d.post(ctx, x.url, x.body); err != nil {
			log.Printf("delivery %d: %v", x.id, err)
			continue // it comes due again when the timeout passes
		}
		if _, err := d.pool.Exec(ctx, `DELETE FROM webhook_deliveries WHERE id = $1`, x.id); err != nil {
			log.Printf("delivery %d: delete: %v", x.id, err)
		}
	}
	return nil
}
