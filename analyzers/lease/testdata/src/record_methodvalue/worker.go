// A worker subscribes its handleJob method to a broker's consumer: the
// method value is the consumer's handler, run for every message. It marks
// the job's record running before the work; a worker killed mid-job
// leaves the record running, and nothing in the module moves it back.
package record_methodvalue

import (
	"context"
	"log"

	"record_methodvalue/store"
)

// Consumer delivers the broker's messages, one job id each, to handler.
type Consumer interface {
	Subscribe(ctx context.Context, handler func(ctx context.Context, id string) error) error
}

type Worker struct {
	consumer Consumer
	store    *store.Store
	run      func(ctx context.Context, kind string, payload []byte) error
}

func (w *Worker) Start(ctx context.Context) {
	if err := w.consumer.Subscribe(ctx, w.handleJob); err != nil {
		log.Print(err)
	}
}

func (w *Worker) handleJob(ctx context.Context, id string) error {
	kind, payload, err := w.store.Get(ctx, id)
	if err != nil {
		return err
	}
	w.store.SetStatus(ctx, id, store.StatusRunning) // want `this call marks the job record "running" before the work, and nothing in the module moves it back`
	if err := w.run(ctx, kind, payload); err != nil {
		w.store.SetStatus(ctx, id, store.StatusFailed)
		return nil
	}
	w.store.SetStatus(ctx, id, store.StatusDone)
	return nil
}
