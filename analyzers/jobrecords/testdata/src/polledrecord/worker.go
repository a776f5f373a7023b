// A worker takes each job its store's poll listed with a record write:
// the table is the store's queue, polled and never claimed, and the
// worker's writes make it a job record.
package polledrecord

import (
	"context"

	"polledrecord/store"
)

func Work(ctx context.Context, s *store.Store, run func(int64) error) {
	for ctx.Err() == nil {
		jobs, err := s.Pending(ctx)
		if err != nil {
			continue
		}
		for _, j := range jobs {
			if err := s.SetStatus(ctx, j.ID, store.Processing, j.Retries); err != nil {
				continue
			}
			if err := run(j.ID); err != nil {
				_ = s.SetStatus(ctx, j.ID, store.Failed, j.Retries+1)
				continue
			}
			_ = s.SetStatus(ctx, j.ID, store.Completed, j.Retries)
		}
	}
}
