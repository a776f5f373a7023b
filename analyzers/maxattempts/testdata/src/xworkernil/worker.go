// The worker always gives the store a time to retry at: every failed task
// goes back for ever.
package xworkernil

import (
	"context"
	"errors"
	"time"

	"xstorenil"
)

func Run(ctx context.Context, s *xstorenil.Store, handle func(int64) error) {
	for ctx.Err() == nil {
		id, _, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			next := time.Now().Add(time.Minute)
			s.FailTask(ctx, id, err.Error(), &next)   // want `this call puts the job back with no limit\nxstorenil.\(\*Store\).FailTask retries unless its caller says the attempts ran out`
			s.MarkFailed(ctx, id, err.Error(), &next) // want `this call puts the job back with no limit\nxstorenil.\(\*Store\).MarkFailed retries unless its caller says the attempts ran out`
			s.MarkFailedUrgent(ctx, id, &next, false) // want `this call puts the job back with no limit\nxstorenil.\(\*Store\).MarkFailedUrgent retries on every path`
		}
	}
}

// RunGiven sets the time unless the work was cancelled: nothing about the
// attempts decides it.
func RunGiven(ctx context.Context, s *xstorenil.Store, handle func(int64) error) {
	for ctx.Err() == nil {
		id, _, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			var next *time.Time
			if !errors.Is(err, context.Canceled) {
				t := time.Now().Add(time.Minute)
				next = &t
			}
			s.MarkFailed(ctx, id, err.Error(), next) // want `this call puts the job back with no limit\nxstorenil.\(\*Store\).MarkFailed retries unless its caller says the attempts ran out`
		}
	}
}
