// Package reaper fails the running jobs whose worker stopped beating.
package reaper

import (
	"context"
	"time"

	"reaperstate_buries"
)

const timeout = 30 * time.Second

func Reap(ctx context.Context, s reaperstate_buries.JobStore) error {
	jobs, err := s.ListRunning(ctx)
	if err != nil {
		return err
	}
	for _, j := range jobs {
		if j.BeatAt != nil && time.Since(*j.BeatAt) < timeout {
			continue
		}
		_ = s.SetStatus(ctx, j.ID, reaperstate_buries.StatusFailed)
	}
	return nil
}
