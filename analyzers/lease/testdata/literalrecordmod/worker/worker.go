// Package worker runs the tasks whose ids a channel feeds it: it marks a
// task's record processing, runs it and records how it ended. A worker
// killed mid-task leaves the record processing, and nothing in the module
// moves it back.
package worker

import (
	"context"
	"log"

	"example.com/literalrecord/models"
	"example.com/literalrecord/store"
)

type Worker struct {
	store *store.Store
	run   func(ctx context.Context, kind string) error
}

func (w *Worker) Start(ctx context.Context, ids <-chan int64) {
	for id := range ids {
		t, err := w.store.Get(ctx, id)
		if err != nil {
			log.Print(err)
			continue
		}
		if err := w.store.UpdateStatus(ctx, id, models.StatusProcessing); err != nil { // want `this call marks the job record "processing" before the work, and nothing in the module moves it back`
			log.Print(err)
			continue
		}
		if err := w.run(ctx, t.Kind); err != nil {
			w.store.UpdateStatus(ctx, id, models.StatusFailed)
			continue
		}
		w.store.UpdateStatus(ctx, id, models.StatusDone)
	}
}
