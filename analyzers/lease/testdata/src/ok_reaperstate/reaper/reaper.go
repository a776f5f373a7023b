// Package reaper puts back the running jobs whose worker stopped beating.
package reaper

import (
	"context"
	"time"

	"ok_reaperstate"
)

const timeout = 30 * time.Second

func Reap(ctx context.Context, s ok_reaperstate.JobStore) error {
	jobs, err := s.ListRunning(ctx)
	if err != nil {
		return err
	}
	for _, j := range jobs {
		if j.BeatAt != nil && time.Since(*j.BeatAt) < timeout {
			continue
		}
		if j.Attempts < j.MaxAttempts {
			_ = s.SetStatus(ctx, j.ID, ok_reaperstate.StatusQueued)
		} else {
			_ = s.SetStatus(ctx, j.ID, ok_reaperstate.StatusFailed)
		}
	}
	return nil
}
