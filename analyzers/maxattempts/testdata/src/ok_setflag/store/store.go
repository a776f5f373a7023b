// Package store holds the work queue's queries, as sqlc generates them.
package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Queries struct{ Pool *pgxpool.Pool }

func (q *Queries) Claim(ctx context.Context, worker int64) (id int64, err error) {
	err = q.Pool.QueryRow(ctx, `UPDATE work_items SET claimed_by = $1, claimed_at = now()
		WHERE id = (SELECT id FROM work_items WHERE claimed_by = -1 AND failed = false ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func (q *Queries) Complete(ctx context.Context, id, worker int64) error {
	_, err := q.Pool.Exec(ctx, `DELETE FROM work_items WHERE id = $1 AND claimed_by = $2`, id, worker)
	return err
}

// Fail hands the item back, and flags it failed once its tries reach the
// limit: the claim no longer takes it.
func (q *Queries) Fail(ctx context.Context, id, worker int64, maxRetries int32, reason string) error {
	_, err := q.Pool.Exec(ctx, `UPDATE work_items SET claimed_by = -1, claimed_at = NULL, tries = tries + 1,
		failed = (tries + 1 >= $3), failed_reason = $4 WHERE id = $1 AND claimed_by = $2`, id, worker, maxRetries, reason)
	return err
}
