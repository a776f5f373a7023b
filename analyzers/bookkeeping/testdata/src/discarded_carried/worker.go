package discarded_carried

import (
	"context"
	"errors"
	"log"

	"bkpasses"
)

var errStale = errors.New("stale lease")

type Worker struct {
	s      *bkpasses.Store
	handle func(context.Context, int64) error
}

// ProcessNext claims a job, runs it and returns the completion's error as
// it is, among the claim's: its summary says its error may carry a
// completion's.
func (w *Worker) ProcessNext(ctx context.Context) (bool, error) {
	id, err := w.s.Claim(ctx)
	if err != nil {
		return false, err
	}
	if err := w.handle(ctx, id); err != nil {
		log.Printf("job %d: %v", id, err)
		_ = w.s.Move(ctx, id, "failed")
		return true, nil
	}
	if err := w.s.Done(ctx, id); err != nil && !errors.Is(err, errStale) {
		return false, err
	}
	return true, nil
}

// Start drops that error: a failed completion leaves the job claimed, and
// nothing says why.
func (w *Worker) Start(ctx context.Context) {
	for ctx.Err() == nil {
		_, _ = w.ProcessNext(ctx) // want `the error of this call, which may be its completion's, is discarded`
	}
}

// once passes ProcessNext's error on as it is: its callers drop the
// completion's too.
func (w *Worker) once(ctx context.Context) error {
	_, err := w.ProcessNext(ctx)
	return err
}

func (w *Worker) Tick(ctx context.Context) {
	w.once(ctx) // want `the error of this call, which may be its completion's, is discarded`
}
