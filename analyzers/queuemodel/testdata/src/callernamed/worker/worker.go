package worker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"callernamed"
)

const (
	running = "running"
	done    = "done"
)

func Run(ctx context.Context, pool *pgxpool.Pool, id int64, work func(int64) error) error {
	callernamed.SetRunStatus(ctx, pool, id, running)
	if err := callernamed.UpdateStatus(ctx, pool, id, running); err != nil {
		return err
	}
	callernamed.SetPhase(ctx, pool, id, callernamed.PhaseBuild)
	if err := work(id); err != nil {
		callernamed.SetNote(ctx, pool, id, "work failed")
		return err
	}
	callernamed.SetPhase(ctx, pool, id, callernamed.PhaseTest)
	callernamed.SetLabel(ctx, pool, id, callernamed.DefaultLabel)
	callernamed.SetStage(ctx, pool, id, "sent")
	callernamed.SetNote(ctx, pool, id, "ok")
	return callernamed.UpdateStatus(ctx, pool, id, done)
}
