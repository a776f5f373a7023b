// Package store keeps the records of emails a NATS subject carries.
package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Create(ctx context.Context, to, body string) (id string, err error) {
	err = s.pool.QueryRow(ctx, `INSERT INTO emails (recipient, body, status) VALUES ($1, $2, 'queued') RETURNING id`, to, body).Scan(&id)
	return id, err
}

func (s *Store) SetStatus(ctx context.Context, id, status string) error {
	_, err := s.pool.Exec(ctx, `UPDATE emails SET status = $2 WHERE id = $1`, id, status)
	return err
}
