// The rescuer of ok_stuckstore: the claim spent the attempt already.
package ok_stuckworker

import (
	"context"

	"ok_stuckstore"
)

func Rescue(ctx context.Context, s *ok_stuckstore.Store) error {
	id, err := s.StuckJob(ctx)
	if err != nil {
		return err
	}
	return s.Requeue(ctx, id)
}
