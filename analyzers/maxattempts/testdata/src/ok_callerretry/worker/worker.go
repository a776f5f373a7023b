package worker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_callerretry"
)

const maxAttempts = 5

func Run(ctx context.Context, pool *pgxpool.Pool, work func(int64) error) error {
	j, err := ok_callerretry.Claim(ctx, pool)
	if err != nil {
		return err
	}
	next := ok_callerretry.StateDone
	if err := work(j.ID); err != nil {
		next = ok_callerretry.StateQueued
		if j.Attempts >= maxAttempts {
			next = ok_callerretry.StateFailed
		}
	}
	return ok_callerretry.SetState(ctx, pool, j.ID, next)
}
