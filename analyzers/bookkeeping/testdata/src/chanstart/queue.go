// A queue that polls in one goroutine and runs jobs in a pool of others.
// A worker that fails to record a job's success sends the error on errCh,
// and Start returns the first error the channel delivers: one failed
// write stops polling and every worker with it.
package chanstart

import (
	"context"
	"fmt"
	"time"

	"bkstore"
)

type Queue struct {
	store   *bkstore.W
	jobs    chan int64
	workers int
}

func (q *Queue) Start(ctx context.Context) error {
	errCh := make(chan error, 1)
	go q.poll(ctx)
	for range q.workers {
		go func() {
			for id := range q.jobs {
				if err := q.process(ctx, id); err != nil {
					errCh <- err
				}
			}
		}()
	}
	select {
	case err := <-errCh:
		return fmt.Errorf("queue stopped: %w", err)
	case <-ctx.Done():
		return nil
	}
}

func (q *Queue) poll(ctx context.Context) {
	for ctx.Err() == nil {
		id, err := q.store.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		q.jobs <- id
	}
}

func (q *Queue) process(ctx context.Context, id int64) error {
	if err := bkstore.Handle(ctx, id); err != nil {
		return q.retry(ctx, id)
	}
	if err := q.store.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker here`
		return fmt.Errorf("finish job %d: %w", id, err)
	}
	return nil
}

func (q *Queue) retry(ctx context.Context, id int64) error {
	if err := q.store.Retry(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker here`
		return err
	}
	return nil
}
