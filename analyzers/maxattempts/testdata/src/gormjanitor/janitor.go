// The janitor puts back the jobs ListStuck found running past their
// lease: a reclaim, split over the store's two methods, not a retry.
package gormjanitor

import (
	"context"
	"time"

	"gormjanitorstore"
)

func Sweep(ctx context.Context, s *gormjanitorstore.Store) {
	stuck, _ := s.ListStuck(ctx, time.Minute)
	for _, j := range stuck {
		s.Release(ctx, j.ID)
	}
}
