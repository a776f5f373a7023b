// Package reaper puts back the running jobs whose worker stopped beating.
package reaper

import (
	"context"
	"time"

	"ok_reaperrange"
)

const timeout = 30 * time.Second

func Reap(ctx context.Context, s ok_reaperrange.JobStore) {
	for _, j := range s.ListRunning(ctx) {
		if j.BeatAt != nil && time.Since(*j.BeatAt) < timeout {
			continue
		}
		st := ok_reaperrange.StatusFailed
		if j.Attempts < j.MaxAttempts {
			st = ok_reaperrange.StatusQueued
		}
		_ = s.SetStatus(ctx, j.ID, st)
	}
}
