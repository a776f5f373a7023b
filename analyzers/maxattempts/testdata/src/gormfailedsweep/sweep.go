// The sweep puts back every failed job, over and over: the rows ListFailed
// returns are no stuck claims, so Release is a retry with no limit.
package gormfailedsweep

import (
	"context"

	"gormjanitorstore"
)

func Sweep(ctx context.Context, s *gormjanitorstore.Store) {
	failed, _ := s.ListFailed(ctx)
	for _, j := range failed {
		s.Release(ctx, j.ID) // want `this call puts the job back with no limit`
	}
}
