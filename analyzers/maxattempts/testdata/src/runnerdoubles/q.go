// A webhook dispatcher reaches its deliveries through an interface it
// declares, bound to the PostgreSQL store by the command. A failed
// delivery is put back to 'retry' with no attempt limit: a delivery whose
// endpoint never answers is retried for ever. Beside the PostgreSQL store,
// the module holds implementations the program never runs against
// PostgreSQL, each of which would disagree: a stub store for dry runs, a fake kept for tests in a non-test package, the MySQL
// store, a wrapper over queries generated for SQLite, and a remote driver
// that does not support deliveries. The call is judged as the PostgreSQL
// store's.
package runnerdoubles

import (
	"context"
	"log"
	"time"

	"runnerdoubles/dbwrap"
	"runnerdoubles/mysqlstore"
	"runnerdoubles/remote"
	"runnerdoubles/store"
	"runnerdoubles/testutil"
)

type deliveryStore interface {
	ClaimDelivery(ctx context.Context) (store.Delivery, error)
	MarkDelivered(ctx context.Context, id int64) error
	MarkRetry(ctx context.Context, id int64, next time.Time) error
}

// Backends a deployment may name; the command binds the PostgreSQL one.
var backends = map[string]func() deliveryStore{
	"fake":   func() deliveryStore { return testutil.New() },
	"mysql":  func() deliveryStore { return &mysqlstore.Queries{} },
	"sqlite": func() deliveryStore { return dbwrap.Database{} },
	"remote": func() deliveryStore { return &remote.Driver{} },
}

type Dispatcher struct {
	store deliveryStore
	post  func(ctx context.Context, body []byte) error
}

func New(post func(ctx context.Context, body []byte) error) *Dispatcher {
	return &Dispatcher{store: StubStore{}, post: post}
}

func (d *Dispatcher) Bind(st deliveryStore) *Dispatcher {
	d.store = st
	return d
}

func (d *Dispatcher) Run(ctx context.Context) {
	for ctx.Err() == nil {
		del, err := d.store.ClaimDelivery(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := d.post(ctx, del.Body); err != nil {
			log.Printf("webhook %d: %v", del.ID, err)
			if err := d.store.MarkRetry(ctx, del.ID, time.Now().Add(time.Minute)); err != nil { // want `this call puts the job back with no limit`
				log.Printf("webhook %d: mark retry: %v", del.ID, err)
			}
			continue
		}
		if err := d.store.MarkDelivered(ctx, del.ID); err != nil {
			log.Printf("webhook %d: mark delivered: %v", del.ID, err)
		}
	}
}

// StubStore answers a dispatcher's dry runs.
type StubStore struct{}

func (StubStore) ClaimDelivery(ctx context.Context) (store.Delivery, error) {
	return store.Delivery{}, context.Canceled
}
func (StubStore) MarkDelivered(ctx context.Context, id int64) error { return nil }
func (StubStore) MarkRetry(ctx context.Context, id int64, next time.Time) error {
	return nil
}
