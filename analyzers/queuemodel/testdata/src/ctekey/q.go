package ctekey // want package:"queues\\(public.work\\)"

// Statements that name their rows in a WITH query they join: the outcome
// writes lock the job's row by key (sqlc's shape) and have the roles of
// the UPDATE they hold. A WITH query that picks rows by another column
// (every busy job of a kind), or that the UPDATE joins by another column
// than the one it binds, names no job.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Add(ctx context.Context, pool *pgxpool.Pool, kind string) error {
	_, err := pool.Exec(ctx, `INSERT INTO work (kind, state) VALUES ($1, 'ready')`, kind)
	return err
}

func Take(ctx context.Context, pool *pgxpool.Pool, kind string) (id int64, err error) { // want Take:"claims jobs"
	err = pool.QueryRow(ctx, `WITH next AS (SELECT id FROM work WHERE state = 'ready' AND kind = $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		UPDATE work SET state = 'busy' FROM next WHERE work.id = next.id RETURNING work.id`, kind).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Done:"completes jobs"
	_, err := pool.Exec(ctx, `WITH held AS (SELECT id FROM work WHERE id = $1 FOR UPDATE)
		UPDATE work SET state = 'done' FROM held WHERE work.id = held.id AND work.state = 'busy'`, id)
	return err
}

func Again(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Again:"fails jobs"
	_, err := pool.Exec(ctx, `WITH held AS (SELECT id FROM work WHERE id = $1 FOR UPDATE)
		UPDATE work SET state = 'ready' FROM held WHERE work.id = held.id AND work.state = 'busy'`, id)
	return err
}

func FinishKind(ctx context.Context, pool *pgxpool.Pool, kind string) error {
	_, err := pool.Exec(ctx, `WITH held AS (SELECT id FROM work WHERE kind = $1 AND state = 'busy' FOR UPDATE)
		UPDATE work SET state = 'done' FROM held WHERE work.id = held.id`, kind)
	return err
}

func FinishChildren(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `WITH held AS (SELECT id FROM work WHERE parent_id = $1 FOR UPDATE)
		UPDATE work SET state = 'done' FROM held WHERE work.parent_id = held.id`, id)
	return err
}
