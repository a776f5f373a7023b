package worker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_callerstate"
)

func Run(ctx context.Context, pool *pgxpool.Pool, work func(int64) (string, error)) error {
	id, err := ok_callerstate.Claim(ctx, pool)
	if err != nil {
		return err
	}
	next, err := work(id)
	if err != nil {
		return ok_callerstate.SetState(ctx, pool, id, fallback(err))
	}
	return ok_callerstate.SetState(ctx, pool, id, next)
}

func fallback(err error) string { return ok_callerstate.StateDone }
