package due_store

import (
	"context"
	"time"
)

type Caller interface {
	Post(ctx context.Context, url string, body []byte) error
}

type Dispatcher struct {
	store  *Store
	caller Caller
}

func (d *Dispatcher) Tick(ctx context.Context) error {
	timers, err := d.store.DueTimers(ctx, time.Now())
	if err != nil {
		return err
	}
	for _, t := range timers {
		d.fire(ctx, t)
	}
	return nil
}

func (d *Dispatcher) fire(ctx context.Context, t Timer) {
	if err := d.caller.Post(ctx, t.Callback, t.Body); err != nil {
		return
	}
	_ = d.store.DeleteTimer(ctx, t.ID)
}
