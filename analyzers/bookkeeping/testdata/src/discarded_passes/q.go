// The worker drops the error of a store method of another package that
// passes the completion's error on: its facts say nobody has heard of it.
package discarded_passes

import (
	"context"
	"log"
	"time"

	"bkpasses"
)

func Run(ctx context.Context, s *bkpasses.Store) {
	for ctx.Err() == nil {
		id, err := s.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := bkpasses.Handle(ctx, id); err != nil {
			log.Printf("job %d: %v", id, err)
			continue
		}
		s.Done(ctx, id) // want `the error of this completion is discarded`
	}
}
