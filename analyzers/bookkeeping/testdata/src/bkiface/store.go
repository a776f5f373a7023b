// Package bkiface is a job store behind an interface, with a PostgreSQL
// implementation and an in-memory one; its constructors return the
// interface.
package bkiface

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store interface {
	Finish(ctx context.Context, id int64) error
}

type pgStore struct{ pool *pgxpool.Pool }

func Open(pool *pgxpool.Pool) Store { return &pgStore{pool: pool} }

func (s *pgStore) Claim(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (s *pgStore) Finish(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

type memStore struct{ done map[int64]bool }

func NewMemory() Store { return &memStore{done: map[int64]bool{}} }

func (s *memStore) Finish(ctx context.Context, id int64) error {
	s.done[id] = true
	return nil
}

func Handle(ctx context.Context, id int64) error { return nil }
