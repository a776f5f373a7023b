// A worker reaches the work queue's queries through an interface. A
// failed item is handed back by a statement that flags it failed when its
// tries reach the limit, so the call needs no guard of its own.
package ok_setflag

import (
	"context"
	"log"

	"ok_setflag/store"
)

type DB interface {
	Claim(ctx context.Context, worker int64) (int64, error)
	Complete(ctx context.Context, id, worker int64) error
	Fail(ctx context.Context, id, worker int64, maxRetries int32, reason string) error
}

var _ DB = (*store.Queries)(nil)

func Work(ctx context.Context, db DB, worker int64, run func(int64) error) { // want Work:`wired\(ok_setflag.DB.Fail\(q.go:27\)\)`
	id, err := db.Claim(ctx, worker)
	if err != nil {
		return
	}
	if err := run(id); err != nil {
		if err := db.Fail(ctx, id, worker, 5, err.Error()); err != nil {
			log.Printf("fail %d: %v", id, err)
		}
		return
	}
	if err := db.Complete(ctx, id, worker); err != nil {
		log.Printf("complete %d: %v", id, err)
	}
}
