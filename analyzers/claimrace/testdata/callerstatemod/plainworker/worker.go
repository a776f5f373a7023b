// The worker of plainstore. Its Run takes the job to running and, later in
// the same turn, to an outcome: running is the state it works the job in.
// Cancel moves the job it found straight to an outcome: it takes nothing.
package plainworker

import (
	"context"

	"example.com/callerstate/plainstore"
)

func Run(ctx context.Context, s *plainstore.Store, run func([]byte) error) {
	for ctx.Err() == nil {
		job, err := s.NextPending(ctx) // want "two workers can claim the same job"
		if err != nil {
			continue
		}
		if err := s.UpdateStatus(ctx, job.ID, plainstore.StatusRunning); err != nil {
			continue
		}
		if run(job.Payload) != nil {
			_ = s.UpdateStatus(ctx, job.ID, plainstore.StatusFailed)
			continue
		}
		_ = s.UpdateStatus(ctx, job.ID, plainstore.StatusDone)
	}
}

func Cancel(ctx context.Context, s *plainstore.Store) error {
	job, err := s.NextPending(ctx)
	if err != nil {
		return err
	}
	return s.UpdateStatus(ctx, job.ID, plainstore.StatusDone)
}

// CancelInLoop does the same on every turn of a loop: the next turn's call
// is no later step of this turn's job.
func CancelInLoop(ctx context.Context, s *plainstore.Store) {
	for ctx.Err() == nil {
		job, err := s.NextPending(ctx)
		if err != nil {
			return
		}
		_ = s.UpdateStatus(ctx, job.ID, plainstore.StatusDone)
	}
}

// Triage moves the job it found to one outcome or another: the second
// call is no later step after the first.
func Triage(ctx context.Context, s *plainstore.Store, keep bool) error {
	job, err := s.NextPending(ctx)
	if err != nil {
		return err
	}
	if keep {
		return s.UpdateStatus(ctx, job.ID, plainstore.StatusDone)
	}
	return s.UpdateStatus(ctx, job.ID, plainstore.StatusFailed)
}

// MarkTwice writes the same outcome again when the first write failed:
// the job is not moved on.
func MarkTwice(ctx context.Context, s *plainstore.Store) error {
	job, err := s.NextPending(ctx)
	if err != nil {
		return err
	}
	if err := s.UpdateStatus(ctx, job.ID, plainstore.StatusDone); err == nil {
		return nil
	}
	return s.UpdateStatus(ctx, job.ID, plainstore.StatusDone)
}

// Hold moves the job to running and leaves it there: nothing here says
// running is a state of work rather than an outcome.
func Hold(ctx context.Context, s *plainstore.Store) error {
	job, err := s.NextPending(ctx)
	if err != nil {
		return err
	}
	return s.UpdateStatus(ctx, job.ID, plainstore.StatusRunning)
}

// Wrapped names the states in helpers of its own.
type Wrapped struct{ s *plainstore.Store }

func (w *Wrapped) markRunning(ctx context.Context, id int64) error {
	return w.s.UpdateStatus(ctx, id, plainstore.StatusRunning)
}

func (w *Wrapped) markDone(ctx context.Context, id int64) error {
	return w.s.UpdateStatus(ctx, id, plainstore.StatusDone)
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
