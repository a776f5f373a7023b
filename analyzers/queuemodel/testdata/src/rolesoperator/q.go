package rolesoperator // want package:"queues\\(public.jobs\\)"

// A queue whose workers claim with SKIP LOCKED, beside an operator's
// actions by key: archiving a queued job and requeueing an archived one
// are outcomes and retries, not claims; running a queued job now is a
// claim into the state the workers' claim writes.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (payload, status) VALUES ($1, 'queued')`, payload)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) { // want Claim:"claims jobs"
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func Archive(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) { // want Archive:"completes jobs, writes outcomes"
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'archived' WHERE id = $1 AND status = 'queued'`, id)
	return tag.RowsAffected() == 1, err
}

func Requeue(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Requeue:"fails jobs, writes outcomes"
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = 0 WHERE id = $1 AND status = 'archived'`, id)
	return err
}

func RunNow(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) { // want RunNow:"claims jobs"
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued'`, id)
	return tag.RowsAffected() == 1, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Done:"completes jobs, writes outcomes"
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
