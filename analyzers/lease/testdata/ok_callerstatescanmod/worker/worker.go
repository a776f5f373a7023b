// The worker takes the job to running, works it, then moves it to an
// outcome. A reaper puts running jobs whose worker died back.
package worker

import (
	"context"

	"example.com/callerstate/store"
)

func Run(ctx context.Context, s *store.Store, run func([]byte) error) {
	for ctx.Err() == nil {
		job, err := s.NextPending(ctx)
		if err != nil {
			continue
		}
		if err := s.UpdateStatus(ctx, job.ID, store.StatusRunning); err != nil {
			continue
		}
		if run(job.Payload) != nil {
			_ = s.UpdateStatus(ctx, job.ID, store.StatusFailed)
			continue
		}
		_ = s.UpdateStatus(ctx, job.ID, store.StatusDone)
	}
}

// Cancel moves the job it found straight to an outcome: no claim.
func Cancel(ctx context.Context, s *store.Store) error {
	job, err := s.NextPending(ctx)
	if err != nil {
		return err
	}
	return s.UpdateStatus(ctx, job.ID, store.StatusDone)
}
