// A relay whose store is one of two implementations that disagree on what
// a release does: one always puts the event back, the other gives it up
// when told its attempts ran out. Which one runs is not known here: the
// call is not judged.
package ok_runnerdisagree

import (
	"context"
	"log"

	"ok_runnerdisagree/astore"
	"ok_runnerdisagree/bstore"
)

type EventStore interface {
	Release(ctx context.Context, id int64, giveUp bool) error
	MarkProcessed(ctx context.Context, id int64) error
}

var (
	_ EventStore = (*astore.Store)(nil)
	_ EventStore = (*bstore.Store)(nil)
)

const maxAttempts = 5

type Event struct {
	ID       int64
	Attempts int
}

func Handle(ctx context.Context, s EventStore, ev Event, dispatch func(Event) error) error { // want Handle:`wired\(ok_runnerdisagree.EventStore.Release\(q.go:35\)\)`
	if err := dispatch(ev); err != nil {
		log.Printf("outbox: dispatch %d: %v", ev.ID, err)
		return s.Release(ctx, ev.ID, ev.Attempts >= maxAttempts)
	}
	return s.MarkProcessed(ctx, ev.ID)
}
