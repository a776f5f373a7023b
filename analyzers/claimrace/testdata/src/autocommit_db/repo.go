// A delivery repository on *sql.DB: the poll joins the endpoints and locks
// only the deliveries (FOR UPDATE OF d), in autocommit; its worker (in the
// same package) delivers each row and records the outcome by id.
package autocommit_db

import (
	"context"
	"database/sql"
)

type Delivery struct {
	ID  string
	URL string
}

type Repo struct{ db *sql.DB }

func (r *Repo) Create(ctx context.Context, endpoint string) error {
	_, err := r.db.ExecContext(ctx, `INSERT INTO deliveries (endpoint_id, status) VALUES ($1, 'pending')`, endpoint)
	return err
}

func (r *Repo) Pending(ctx context.Context, limit int) ([]Delivery, error) {
	const pending = `SELECT d.id, e.url FROM deliveries d JOIN endpoints e ON e.id = d.endpoint_id
		WHERE d.status IN ('pending', 'retrying') AND e.active
		ORDER BY d.created_at LIMIT $1 FOR UPDATE OF d SKIP LOCKED`
	rows, err := r.db.QueryContext(ctx, pending, limit) // want `FOR UPDATE on a pool releases its row locks`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Delivery
	for rows.Next() {
		var d Delivery
		if err := rows.Scan(&d.ID, &d.URL); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

func (r *Repo) Succeeded(ctx context.Context, id string) error {
	_, err := r.db.ExecContext(ctx, `UPDATE deliveries SET status = 'delivered' WHERE id = $1`, id)
	return err
}

func (r *Repo) Failed(ctx context.Context, id string, final bool) error {
	status := "retrying"
	if final {
		status = "abandoned"
	}
	_, err := r.db.ExecContext(ctx, `UPDATE deliveries SET status = $2, attempts = attempts + 1 WHERE id = $1`, id, status)
	return err
}

// Redeliver puts an abandoned delivery back by hand: it re-checks a state
// the poll does not read, so it is no claim of the polled rows.
func (r *Repo) Redeliver(ctx context.Context, id string) (bool, error) {
	res, err := r.db.ExecContext(ctx, `UPDATE deliveries SET status = 'pending' WHERE id = $1 AND status = 'abandoned'`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
