// The reaper, a package of its own, lists the running jobs untouched for
// ten minutes and puts each back through the store's UpdateStatus.
package reaper

import (
	"context"
	"time"

	"example.com/callerstate/store"
)

func Reap(ctx context.Context, s *store.Store) error {
	ids, err := s.Stuck(ctx, time.Now().Add(-10*time.Minute))
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := s.UpdateStatus(ctx, id, store.StatusPending); err != nil {
			return err
		}
	}
	return nil
}
