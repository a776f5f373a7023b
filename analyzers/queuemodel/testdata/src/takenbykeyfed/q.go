package takenbykeyfed // want package:"queues\\(public.jobs\\)"

// A worker fed job ids by a broker (a channel here; Kafka or a Redis list
// in production): no statement polls jobs. It takes each job by a
// compare-and-set with no RETURNING, runs it, and records how it ended on
// the same key.

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

type job struct {
	ID      int64
	Payload string
}

func Enqueue(ctx context.Context, pool *pgxpool.Pool, payload string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (payload) VALUES ($1)`, payload)
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, jobs <-chan job) { // want Work:"claims jobs in a loop, completes jobs, fails jobs"
	for j := range jobs {
		tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'processing' WHERE id = $1 AND status = 'pending'`, j.ID)
		if err != nil || tag.RowsAffected() == 0 {
			continue
		}
		if err := handle(j.Payload); err != nil {
			pool.Exec(ctx, `UPDATE jobs SET status = 'failed', error = $2 WHERE id = $1`, j.ID, err.Error())
			continue
		}
		pool.Exec(ctx, `UPDATE jobs SET status = 'completed' WHERE id = $1`, j.ID)
	}
}

func handle(payload string) error {
	if payload == "" {
		return errors.New("empty")
	}
	return nil
}
