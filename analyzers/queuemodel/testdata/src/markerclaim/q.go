package markerclaim // want package:"queues\\(public.timers\\)"

// A timer queue whose claim marks the due rows with its owner and leaves
// them 'pending' (a claim that is lost, its owner dead, is simply taken
// again at the next tick): firing a timer and cancelling one move it out
// of 'pending' by key, and each records what became of the timer. Neither
// takes a job to run.

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Schedule(ctx context.Context, pool *pgxpool.Pool, id string, at time.Time) error {
	_, err := pool.Exec(ctx, `INSERT INTO timers (id, fire_at, status) VALUES ($1, $2, 'pending')`, id, at)
	return err
}

func ClaimDue(ctx context.Context, pool *pgxpool.Pool, owner string, limit int) ([]string, error) { // want ClaimDue:"claims jobs"
	rows, err := pool.Query(ctx, `UPDATE timers AS t SET claimed_by = $1, claimed_at = now()
		FROM (SELECT id FROM timers WHERE status = 'pending' AND fire_at <= now()
		      ORDER BY fire_at, id FOR UPDATE SKIP LOCKED LIMIT $2) AS due
		WHERE t.id = due.id RETURNING t.id`, owner, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func MarkFired(ctx context.Context, pool *pgxpool.Pool, id, owner string) (bool, error) { // want MarkFired:"completes jobs, writes outcomes, returns a write's error"
	tag, err := pool.Exec(ctx, `UPDATE timers SET status = 'fired' WHERE id = $1 AND claimed_by = $2 AND status = 'pending'`, id, owner)
	return tag.RowsAffected() == 1, err
}

func Cancel(ctx context.Context, pool *pgxpool.Pool, id string) error { // want Cancel:"fails jobs, writes outcomes, returns a write's error"
	_, err := pool.Exec(ctx, `UPDATE timers SET status = 'canceled' WHERE id = $1 AND status = 'pending'`, id)
	return err
}
