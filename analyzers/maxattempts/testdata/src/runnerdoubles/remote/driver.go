// Package remote reaches the deliveries through another instance's API,
// which does not serve them.
package remote

import (
	"context"
	"errors"
	"time"

	"runnerdoubles/store"
)

var errNotSupported = errors.New("remote: deliveries are not supported")

type Driver struct{ BaseURL string }

func (r *Driver) ClaimDelivery(ctx context.Context) (store.Delivery, error) {
	return store.Delivery{}, errNotSupported
}

func (r *Driver) MarkDelivered(ctx context.Context, id int64) error {
	return errNotSupported
}

func (r *Driver) MarkRetry(ctx context.Context, id int64, next time.Time) error {
	return errors.New("remote: deliveries are not supported")
}
