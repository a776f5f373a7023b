package worker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"callerstate"
)

func Run(ctx context.Context, pool *pgxpool.Pool, work func(int64) error) error {
	id, err := callerstate.Claim(ctx, pool)
	if err != nil {
		return err
	}
	state := callerstate.StateDone
	if work(id) != nil {
		state = callerstate.StateFailed
	}
	return callerstate.SetState(ctx, pool, id, state)
}
