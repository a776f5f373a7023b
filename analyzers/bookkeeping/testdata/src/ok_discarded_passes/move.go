package ok_discarded_passes

import (
	"context"
	"log"

	"bkpasses"
)

// Render moves the job to the next step once the first one succeeded, and
// drops the error of that move: the state it names records no outcome.
func Render(ctx context.Context, s *bkpasses.Store, fetch, render func(int64) error) {
	id, err := s.Claim(ctx)
	if err != nil {
		return
	}
	if err := fetch(id); err != nil {
		log.Printf("job %d: %v", id, err)
		return
	}
	s.Move(ctx, id, "rendering")
	if err := render(id); err != nil {
		log.Printf("job %d: %v", id, err)
		return
	}
	if err := s.Move(ctx, id, "done"); err != nil {
		log.Printf("job %d: %v", id, err)
	}
}
