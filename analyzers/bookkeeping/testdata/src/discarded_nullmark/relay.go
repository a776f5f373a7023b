package discarded_nullmark

import (
	"context"

	"bkoutbox"
)

type Relay struct {
	q       bkoutbox.Querier
	publish func(context.Context, int64) error
}

// Run claims pending rows (published_at IS NULL) and marks each one
// published with the clock read in UTC, dropping the mark's error: when
// the mark fails, the row is published again on the next tick.
func (r *Relay) Run(ctx context.Context) {
	ids, err := r.q.ClaimBatch(ctx, 25)
	if err != nil {
		return
	}
	for _, id := range ids {
		if err := r.publish(ctx, id); err != nil {
			_ = r.q.MarkFailed(ctx, id, err.Error())
			continue
		}
		_ = r.q.MarkPublished(ctx, id) // want `the error of this completion is discarded`
	}
}
