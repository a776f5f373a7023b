package ok_discarded_carried

import (
	"context"
	"log"

	"bkpasses"
)

type Worker struct {
	s      *bkpasses.Store
	handle func(context.Context, int64) error
}

// ProcessNext returns the completion's error among the claim's.
func (w *Worker) ProcessNext(ctx context.Context) (bool, error) {
	id, err := w.s.Claim(ctx)
	if err != nil {
		return false, err
	}
	if err := w.handle(ctx, id); err != nil {
		_ = w.s.Move(ctx, id, "failed")
		return true, nil
	}
	if err := w.s.Done(ctx, id); err != nil {
		return false, err
	}
	return true, nil
}

// Start reads the error and logs it.
func (w *Worker) Start(ctx context.Context) {
	for ctx.Err() == nil {
		if _, err := w.ProcessNext(ctx); err != nil {
			log.Printf("process: %v", err)
		}
	}
}

// ProcessLogged logs the completion's error itself and returns only the
// claim's: dropping its error drops no completion's.
func (w *Worker) ProcessLogged(ctx context.Context) error {
	id, err := w.s.Claim(ctx)
	if err != nil {
		return err
	}
	if err := w.handle(ctx, id); err != nil {
		_ = w.s.Move(ctx, id, "failed")
		return nil
	}
	if err := w.s.Done(ctx, id); err != nil {
		log.Printf("job %d: done: %v", id, err)
	}
	return nil
}

func (w *Worker) Tick(ctx context.Context) {
	_ = w.ProcessLogged(ctx)
}

// ProcessFailing returns only the failure write's error: a dropped failure
// leaves the job to the reclaim, and nothing that finished runs again.
func (w *Worker) ProcessFailing(ctx context.Context) error {
	id, err := w.s.Claim(ctx)
	if err != nil {
		return err
	}
	if err := w.handle(ctx, id); err != nil {
		return w.s.Move(ctx, id, "failed")
	}
	if err := w.s.Done(ctx, id); err != nil {
		log.Printf("job %d: done: %v", id, err)
	}
	return nil
}

func (w *Worker) TickFailing(ctx context.Context) {
	_ = w.ProcessFailing(ctx)
}

// RunLoop claims in a loop and returns the completion's error out of it:
// the stop is reported there, not again at the call that drops it.
func (w *Worker) RunLoop(ctx context.Context) error {
	for {
		id, err := w.s.Claim(ctx)
		if err != nil {
			return err
		}
		if err := w.handle(ctx, id); err != nil {
			_ = w.s.Move(ctx, id, "failed")
			continue
		}
		if err := w.s.Done(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker`
			return err
		}
	}
}

func (w *Worker) Serve(ctx context.Context) {
	_ = w.RunLoop(ctx)
}
