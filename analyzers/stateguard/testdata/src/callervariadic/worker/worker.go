package worker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"callervariadic"
)

func Run(ctx context.Context, pool *pgxpool.Pool, work func(int64) error) error {
	id, err := callervariadic.Claim(ctx, pool)
	if err != nil {
		return err
	}
	if work(id) != nil {
		return callervariadic.SetState(ctx, pool, id, callervariadic.StateFailed, "result", "finished_at")
	}
	return callervariadic.SetState(ctx, pool, id, callervariadic.StateDone)
}
