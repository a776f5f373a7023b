package discarded_handedon

import (
	"context"
	"log"

	"bkpasses"
)

// Relay hands each claimed job to a broker, then marks it handed on with
// a state no word of which says success, and drops the mark's error: when
// the mark fails, the job is handed on again.
func Relay(ctx context.Context, s *bkpasses.Store, publish func(int64) error) {
	id, err := s.Claim(ctx)
	if err != nil {
		return
	}
	if err := publish(id); err != nil {
		log.Printf("job %d: %v", id, err)
		return
	}
	s.Move(ctx, id, "enqueued") // want `the error of this completion is discarded`
}

// Refuse records a failure, or parks the job while its target is busy,
// and drops the error: neither records success, and a job that did not
// succeed is the reclaim's (see the rule's limits).
func Refuse(ctx context.Context, s *bkpasses.Store, publish func(int64) error, busy func() bool) {
	id, err := s.Claim(ctx)
	if err != nil {
		return
	}
	if busy() {
		s.Park(ctx, id, "busy")
		return
	}
	if err := publish(id); err != nil {
		s.Move(ctx, id, "failed")
	}
}
