// Start returns the first error its workers send, a failed completion
// among them, but the queue's Run restarts it after a pause: the worker
// never stops for good.
package ok_chansupervised

import (
	"context"
	"log"
	"time"

	"bkstore"
)

type Queue struct{ store *bkstore.W }

func (q *Queue) Run(ctx context.Context) {
	for ctx.Err() == nil {
		if err := q.start(ctx); err != nil {
			log.Printf("queue: %v; restarting", err)
			time.Sleep(5 * time.Second)
		}
	}
}

func (q *Queue) start(ctx context.Context) error {
	errCh := make(chan error, 1)
	go func() {
		for ctx.Err() == nil {
			id, err := q.store.Claim(ctx)
			if err != nil {
				time.Sleep(time.Second)
				continue
			}
			if err := q.finish(ctx, id); err != nil {
				errCh <- err
				return
			}
		}
	}()
	select {
	case err := <-errCh:
		return err
	case <-ctx.Done():
		return nil
	}
}

func (q *Queue) finish(ctx context.Context, id int64) error {
	if err := bkstore.Handle(ctx, id); err != nil {
		return q.store.Retry(ctx, id)
	}
	return q.store.Finish(ctx, id)
}
