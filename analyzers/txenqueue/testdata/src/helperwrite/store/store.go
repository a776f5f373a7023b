// Package store writes accounts on whatever its caller gives it: the
// pool, or a transaction.
package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func CreateAccount(ctx context.Context, tx pgx.Tx, email string) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO accounts (email) VALUES ($1) RETURNING id`, email).Scan(&id)
	return id, err
}
