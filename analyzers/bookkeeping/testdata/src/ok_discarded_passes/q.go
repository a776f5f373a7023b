// The worker drops the error of a store method of another package that
// logs it before it returns it: its facts say so, and nothing is lost.
package ok_discarded_passes

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
		s.DoneLogged(ctx, id)
	}
}
