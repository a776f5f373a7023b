package worker

import (
	"context"

	"callerparams"
)

// The worker's outcomes are an iota enum, mapped to the database's states.
type outcome int

const (
	succeeded outcome = iota
	gaveUp
)

func dbState(o outcome) string {
	switch o {
	case succeeded:
		return "done"
	case gaveUp:
		return "failed"
	}
	return ""
}

func Run(ctx context.Context, q *callerparams.Queries, work func(int64) error) error {
	id, err := q.Claim(ctx)
	if err != nil {
		return err
	}
	if err := work(id); err != nil {
		q.SetStatus(ctx, &callerparams.SetStatusParams{ID: id, Status: "done"})
		return q.UpdateStatus(ctx, callerparams.UpdateStatusParams{ID: id, Status: dbState(gaveUp)})
	}
	return q.UpdateStatus(ctx, callerparams.UpdateStatusParams{ID: id, Status: dbState(succeeded)})
}
