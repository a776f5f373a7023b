package worker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_callervariadic"
)

func Run(ctx context.Context, pool *pgxpool.Pool, work func(int64) error) error {
	id, err := ok_callervariadic.Claim(ctx, pool)
	if err != nil {
		return err
	}
	if work(id) != nil {
		return ok_callervariadic.SetState(ctx, pool, id, ok_callervariadic.StateFailed, "result", "finished_at")
	}
	return ok_callervariadic.SetState(ctx, pool, id, ok_callervariadic.StateDone)
}
