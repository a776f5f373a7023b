// Package worker runs tasks from a store it knows only by its own
// interface: which store that is, the command that wires it decides.
package worker

import (
	"context"
	"log"
	"time"
)

type Task struct{ ID int64 }

type runStore interface {
	Claim(ctx context.Context) (*Task, error)
	Complete(ctx context.Context, id int64) error
	Fail(ctx context.Context, id int64, msg string) error
	Finish(ctx context.Context, id int64, status string) error
}

type Handler func(ctx context.Context, t *Task) error

type Worker struct {
	store runStore
	h     Handler
}

func New(store runStore, h Handler) *Worker { return &Worker{store: store, h: h} }

func (w *Worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		t, err := w.store.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		w.process(ctx, t)
	}
}

func (w *Worker) process(ctx context.Context, t *Task) {
	store := w.store
	if err := w.h(ctx, t); err != nil {
		if ferr := store.Fail(ctx, t.ID, err.Error()); ferr != nil {
			log.Printf("fail %d: %v", t.ID, ferr)
		}
		return
	}
	cleanupCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_ = store.Complete(cleanupCtx, t.ID)
}

// RunOnce records the outcome with Finish: the failure's dropped error
// leaves the task claimed, and the reclaim brings it back; the success's
// dropped error runs the finished task again.
func (w *Worker) RunOnce(ctx context.Context) {
	t, err := w.store.Claim(ctx)
	if err != nil {
		return
	}
	if err := w.h(ctx, t); err != nil {
		_ = w.store.Finish(ctx, t.ID, "failed")
		return
	}
	_ = w.store.Finish(ctx, t.ID, "done")
}

// Abandon gives a task up without claiming one: nothing runs before it.
func (w *Worker) Abandon(ctx context.Context, id int64) {
	_ = w.store.Complete(ctx, id)
}
