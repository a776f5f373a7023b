// A pool polls in one goroutine and runs jobs in others; Run returns what
// a helper waiting on the workers' error channel returns: the first failed
// completion, which ends the pool with the other jobs in hand.
package chanwait

import (
	"context"
	"time"

	"bkstore"
)

type Pool struct {
	store *bkstore.W
	jobs  chan int64
	size  int
}

func (p *Pool) Run(ctx context.Context) error {
	errs := make(chan error, p.size)
	go p.poll(ctx)
	for range p.size {
		go p.work(ctx, errs)
	}
	return waitFirst(ctx, errs)
}

func waitFirst(ctx context.Context, errs <-chan error) error {
	select {
	case err := <-errs:
		return err
	case <-ctx.Done():
		return nil
	}
}

func (p *Pool) poll(ctx context.Context) {
	for ctx.Err() == nil {
		id, err := p.store.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		p.jobs <- id
	}
}

func (p *Pool) work(ctx context.Context, errs chan<- error) {
	for id := range p.jobs {
		if err := bkstore.Handle(ctx, id); err != nil {
			p.store.Retry(ctx, id)
			continue
		}
		if err := p.store.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker here`
			errs <- err
			return
		}
	}
}
