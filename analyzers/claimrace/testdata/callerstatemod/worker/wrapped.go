package worker

import (
	"context"

	"example.com/callerstate/store"
)

// Wrapped names the states in helpers of its own that forward to the
// store's UpdateStatus.
type Wrapped struct{ s *store.Store }

func (w *Wrapped) markRunning(ctx context.Context, id int64) error {
	return w.s.UpdateStatus(ctx, id, store.StatusRunning)
}

func (w *Wrapped) markDone(ctx context.Context, id int64) error {
	return w.s.UpdateStatus(ctx, id, store.StatusDone)
}

func (w *Wrapped) Run(ctx context.Context, run func([]byte) error) error {
	job, err := w.s.NextPending(ctx) // want "two workers can claim the same job"
	if err != nil {
		return err
	}
	if err := w.markRunning(ctx, job.ID); err != nil {
		return err
	}
	_ = run(job.Payload)
	return w.markDone(ctx, job.ID)
}

func (w *Wrapped) Cancel(ctx context.Context) error {
	job, err := w.s.NextPending(ctx)
	if err != nil {
		return err
	}
	return w.markDone(ctx, job.ID)
}
