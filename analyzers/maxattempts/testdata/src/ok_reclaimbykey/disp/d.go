package disp

import (
	"context"
	"errors"
	"time"

	"ok_reclaimbykey"
)

type Policy struct{ MaxRetries int }

type Dispatcher struct {
	store  *ok_reclaimbykey.Store
	policy Policy
	send   func(context.Context, int64) error
}

func (d *Dispatcher) Once(ctx context.Context) error {
	id, attempt, err := d.store.Lease(ctx, time.Now())
	if err != nil {
		return err
	}
	if err := d.send(ctx, id); err != nil {
		dead := attempt > d.policy.MaxRetries || errors.Is(err, context.Canceled)
		return d.store.Nack(ctx, id, dead, time.Now().Add(time.Duration(attempt)*time.Second), err.Error())
	}
	return d.store.Ack(ctx, id)
}
