package dpg // want package:"queues\\(public.jobs\\)" package:`implements\(dpg.store.Take implements dq.Store, dq.Noop.Take implements dq.Store\)`

// Package dpg implements dq.Store on PostgreSQL.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"dispatch/dq"
)

type store struct{ pool *pgxpool.Pool }

// New hides the type: only the fact says what its Take does.
func New(pool *pgxpool.Pool) dq.Store { return &store{pool} }

func (s *store) Take(ctx context.Context) (id int64, err error) { // want Take:"claims jobs"
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
