package rolesfixed // want package:"queues\\(public.tasks\\)"

// Other names than the seed's: the roles come from what statements do.

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Q struct{ pool *pgxpool.Pool }

func (q *Q) Add(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `INSERT INTO tasks DEFAULT VALUES`)
	return err
}

func (q *Q) Take(ctx context.Context) (id int64, err error) { // want Take:"claims jobs"
	err = q.pool.QueryRow(ctx, `UPDATE tasks SET state = 'leased', attempts = attempts + 1, lease_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM tasks WHERE state = 'ready' AND not_before <= now() ORDER BY not_before LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (q *Q) Extend(ctx context.Context, id int64) error {
	_, err := q.pool.Exec(ctx, `UPDATE tasks SET lease_until = now() + interval '1 minute' WHERE id = $1 AND state = 'leased'`, id)
	return err
}

func (q *Q) Reclaim(ctx context.Context) error {
	_, err := q.pool.Exec(ctx, `UPDATE tasks SET state = 'ready', lease_until = NULL WHERE state = 'leased' AND lease_until < now()`)
	return err
}

func (q *Q) Done(ctx context.Context, id int64) error { // want Done:"completes jobs, writes outcomes"
	_, err := q.pool.Exec(ctx, `UPDATE tasks SET state = 'succeeded', lease_until = NULL WHERE id = $1`, id)
	return err
}

func (q *Q) Retry(ctx context.Context, id int64, msg string) error { // want Retry:"fails jobs, writes outcomes"
	_, err := q.pool.Exec(ctx, `UPDATE tasks SET state = 'ready', not_before = now() + interval '1 minute', failure = $2 WHERE id = $1`, id, msg)
	return err
}

func (q *Q) Bury(ctx context.Context, id int64, msg string) error { // want Bury:"fails jobs, writes outcomes"
	_, err := q.pool.Exec(ctx, `UPDATE tasks SET state = 'buried', failure = $2 WHERE id = $1`, id, msg)
	return err
}

func (q *Q) Purge(ctx context.Context) error {
	_, err := q.pool.Exec(ctx, `DELETE FROM tasks WHERE state = 'succeeded' AND not_before < now() - interval '90 days'`)
	return err
}
