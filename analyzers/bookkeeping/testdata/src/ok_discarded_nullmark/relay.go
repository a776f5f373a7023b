package ok_discarded_nullmark

import (
	"context"
	"log"

	"bkoutbox"
)

type Relay struct {
	q       bkoutbox.Querier
	publish func(context.Context, int64) error
}

func (r *Relay) exhausted(id int64) bool { return id%2 == 0 }

// Run checks the mark's error; the timestamp Touch writes is no state,
// and dropping its error finishes nothing. GiveUp sets the marker with
// the error: a failure, whose dropped error runs nothing again.
func (r *Relay) Run(ctx context.Context) {
	ids, err := r.q.ClaimBatch(ctx, 25)
	if err != nil {
		return
	}
	for _, id := range ids {
		_ = r.q.Touch(ctx, id)
		if err := r.publish(ctx, id); err != nil {
			if r.exhausted(id) {
				_ = r.q.GiveUp(ctx, id, err.Error())
				continue
			}
			_ = r.q.MarkFailed(ctx, id, err.Error())
			continue
		}
		if err := r.q.MarkPublished(ctx, id); err != nil {
			log.Printf("outbox %d: mark published: %v", id, err)
		}
	}
}
