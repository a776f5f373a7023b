package worker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"callerhops"
)

func Run(ctx context.Context, pool *pgxpool.Pool, work func(int64) error) error {
	id, err := callerhops.Claim(ctx, pool)
	if err != nil {
		return err
	}
	if err := work(id); err != nil {
		return callerhops.SetState(ctx, pool, id, callerhops.Failed)
	}
	return callerhops.SetState(ctx, pool, id, callerhops.Done)
}
