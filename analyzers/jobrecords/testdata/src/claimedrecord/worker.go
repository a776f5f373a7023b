// The worker of polledrecord, whose store claims each job itself: the
// table is a queue its claim takes jobs from, which the lease rule
// judges there, and no job record.
package claimedrecord

import (
	"context"

	"claimedrecord/store"
)

func Work(ctx context.Context, s *store.Store, run func(int64) error) {
	for ctx.Err() == nil {
		j, err := s.Claim(ctx)
		if err != nil {
			continue
		}
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
