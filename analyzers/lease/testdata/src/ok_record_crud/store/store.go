// Package store keeps orders, whose status the API moves by id.
package store

import (
	"context"
	"database/sql"
)

type Orders struct{ db *sql.DB }

func (o *Orders) Create(ctx context.Context, total int64) (id int64, err error) {
	err = o.db.QueryRowContext(ctx, `INSERT INTO orders (total, status) VALUES ($1, 'new') RETURNING id`, total).Scan(&id)
	return id, err
}

func (o *Orders) SetStatus(ctx context.Context, id int64, status string) error {
	_, err := o.db.ExecContext(ctx, `UPDATE orders SET status = $1 WHERE id = $2`, status, id)
	return err
}
