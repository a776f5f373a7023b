// Package worker runs the jobs it claims and records how they ended.
package worker

import (
	"context"

	"ok_reaperstate"
)

func RunOne(ctx context.Context, s ok_reaperstate.JobStore, handle func(context.Context, int64) error) error {
	j, err := s.Claim(ctx)
	if err != nil {
		return err
	}
	if err := handle(ctx, j.ID); err != nil {
		return s.SetStatus(ctx, j.ID, ok_reaperstate.StatusFailed)
	}
	return s.SetStatus(ctx, j.ID, ok_reaperstate.StatusDone)
}
