package queue_ownerfifo // want package:"queues\\(public.deadline_events\\)"

// The same table worked as a queue per ticket: the oldest unsatisfied
// event of the ticket is taken first (ORDER BY created_at, ascending),
// as a worker takes the next job of a partition: a poll, and the UPDATE
// around it a claim, with or without a lock. Newest first with SKIP
// LOCKED is a worker's take too (a stack per ticket).

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Open(ctx context.Context, pool *pgxpool.Pool, ticket int64, kind string, due time.Time) error {
	_, err := pool.Exec(ctx, `INSERT INTO deadline_events (ticket_id, kind, due_at) VALUES ($1, $2, $3)`, ticket, kind, due)
	return err
}

func TakeOldest(ctx context.Context, pool *pgxpool.Pool, ticket int64, kind string) (int64, error) { // want TakeOldest:"claims jobs"
	var id int64
	err := pool.QueryRow(ctx, `UPDATE deadline_events SET satisfied_at = now()
		WHERE id = (SELECT id FROM deadline_events WHERE ticket_id = $1 AND kind = $2 AND satisfied_at IS NULL ORDER BY created_at LIMIT 1)
		RETURNING id`, ticket, kind).Scan(&id)
	return id, err
}

// Newest first, but skipping locked rows: a worker's take (a LIFO
// stack of one ticket), still a poll.
func TakeNewestSkipping(ctx context.Context, pool *pgxpool.Pool, ticket int64) (int64, error) { // want TakeNewestSkipping:"claims jobs"
	var id int64
	err := pool.QueryRow(ctx, `UPDATE deadline_events SET satisfied_at = now()
		WHERE id = (SELECT id FROM deadline_events WHERE ticket_id = $1 AND satisfied_at IS NULL ORDER BY created_at DESC LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, ticket).Scan(&id)
	return id, err
}
