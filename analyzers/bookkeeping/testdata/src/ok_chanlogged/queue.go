// Workers send their errors on errCh and Start stops on the first, but a
// failed bookkeeping write never gets there: process logs it and reports
// no error (the lease returns the job). Only a panic in a handler, turned
// into an error, stops the queue.
package ok_chanlogged

import (
	"context"
	"fmt"
	"log"
	"time"

	"bkstore"
)

type Queue struct {
	store *bkstore.W
	jobs  chan int64
}

func (q *Queue) Start(ctx context.Context) error {
	errCh := make(chan error, 1)
	go q.poll(ctx)
	go func() {
		for id := range q.jobs {
			if err := q.process(ctx, id); err != nil {
				errCh <- err
			}
		}
	}()
	for err := range errCh {
		return err
	}
	return nil
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

func (q *Queue) process(ctx context.Context, id int64) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("job %d panicked: %v", id, r)
		}
	}()
	if herr := bkstore.Handle(ctx, id); herr != nil {
		if err := q.store.Retry(ctx, id); err != nil {
			log.Printf("retry job %d: %v", id, err)
			return nil
		}
		return nil
	}
	if err := q.store.Finish(ctx, id); err != nil {
		log.Printf("finish job %d: %v", id, err)
		return nil
	}
	return nil
}
