package joinedpoll // want package:"queues\\(public.jobs\\)"

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A claim whose poll joins the jobs with a WITH query of the queues that
// are open, by the queue's name: the join only narrows the candidates,
// and the poll's WHERE, order and limit pick the job. A lookup that joins
// a list of ids by the table's key picks no job.

func Enqueue(ctx context.Context, pool *pgxpool.Pool, queue string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (queue) VALUES ($1)`, queue)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) { // want Claim:"claims jobs"
	err = pool.QueryRow(ctx, `WITH open AS (SELECT name FROM queues WHERE NOT paused)
		UPDATE jobs SET status = 'running'
		 WHERE id = (SELECT j.id FROM jobs j JOIN open o ON o.name = j.queue
		              WHERE j.status = 'queued' ORDER BY j.id LIMIT 1 FOR UPDATE OF j SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Complete:"completes jobs, writes outcomes"
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func StillQueued(ctx context.Context, pool *pgxpool.Pool, ids []int64) error {
	rows, err := pool.Query(ctx, `WITH input AS (SELECT unnest($1::bigint[]) AS id)
		SELECT j.id FROM jobs j JOIN input i ON i.id = j.id WHERE j.status = 'queued' ORDER BY j.id LIMIT 10`, ids)
	if err != nil {
		return err
	}
	rows.Close()
	return nil
}
