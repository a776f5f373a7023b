package worker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"callerstates"
)

func Run(ctx context.Context, pool *pgxpool.Pool, work func(int64) error) error {
	id, err := callerstates.Claim(ctx, pool)
	if err != nil {
		return err
	}
	if err := work(id); err != nil {
		callerstates.Note(ctx, pool, id, "worker failed")
		return callerstates.SetState(ctx, pool, id, callerstates.Failed)
	}
	return callerstates.SetState(ctx, pool, id, callerstates.Done)
}
