// The worker pool of record_deep, whose store also puts back the running
// jobs whose worker stopped beating (Store.Requeue): a killed worker's job
// comes back.
package ok_record_deepswept

import (
	"context"
	"fmt"
	"log"

	"ok_record_deepswept/store"
)

// Source is the Redis list the API pushes job ids onto.
type Source interface {
	Pop(ctx context.Context) (string, error)
}

type Pool struct {
	src   Source
	store *store.Store
	run   func(ctx context.Context, kind string, payload []byte) error
}

func (p *Pool) Start(ctx context.Context, n int) {
	for i := range n {
		go p.runWorker(ctx, i)
	}
	<-ctx.Done()
}

func (p *Pool) runWorker(ctx context.Context, id int) {
	for ctx.Err() == nil {
		p.processNext(ctx, id)
	}
}

func (p *Pool) processNext(ctx context.Context, worker int) {
	id, err := p.src.Pop(ctx)
	if err != nil {
		return
	}
	if err := p.handle(ctx, id); err != nil {
		log.Printf("worker %d, job %s: %v", worker, id, err)
	}
}

func (p *Pool) handle(ctx context.Context, id string) error {
	kind, payload, err := p.store.Get(ctx, id)
	if err != nil {
		return err
	}
	if err := p.store.SetStatus(ctx, id, store.StatusRunning); err != nil {
		return fmt.Errorf("mark running: %w", err)
	}
	if err := p.run(ctx, kind, payload); err != nil {
		return p.store.SetStatus(ctx, id, store.StatusFailed)
	}
	return p.store.SetStatus(ctx, id, store.StatusDone)
}
