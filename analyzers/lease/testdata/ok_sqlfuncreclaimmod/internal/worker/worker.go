package worker

import (
	"context"
	"time"
)

// Queue is what the worker needs of the store.
type Queue interface {
	Claim(ctx context.Context) (int64, []byte, error)
	Finish(ctx context.Context, id int64) error
}

func Run(ctx context.Context, q Queue, handle func([]byte) error) {
	for ctx.Err() == nil {
		id, payload, err := q.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if handle(payload) == nil {
			q.Finish(ctx, id)
		}
	}
}
