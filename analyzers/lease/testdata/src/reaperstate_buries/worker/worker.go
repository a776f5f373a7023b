// Package worker runs the jobs it claims and records how they ended: a
// failed job goes back to the queue until it runs out of attempts.
package worker

import (
	"context"

	"reaperstate_buries"
)

func RunOne(ctx context.Context, s reaperstate_buries.JobStore, handle func(context.Context, int64) error) error {
	j, err := s.Claim(ctx)
	if err != nil {
		return err
	}
	if err := handle(ctx, j.ID); err != nil {
		if j.Attempts < j.MaxAttempts {
			return s.SetStatus(ctx, j.ID, reaperstate_buries.StatusQueued)
		}
		return s.SetStatus(ctx, j.ID, reaperstate_buries.StatusFailed)
	}
	return s.SetStatus(ctx, j.ID, reaperstate_buries.StatusDone)
}
