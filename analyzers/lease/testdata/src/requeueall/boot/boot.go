// Package boot puts every running job back when the service starts.
package boot

import (
	"context"
	"log"

	"requeueall"
)

func RequeueAll(ctx context.Context, store *requeueall.Store) error {
	running, err := store.ListRunning(ctx)
	if err != nil {
		return err
	}
	if running == nil {
		return nil // nothing to put back
	}
	for _, j := range running {
		if j.Worker == "" {
			log.Printf("job %d: running with no worker", j.ID) // logged, put back all the same
		}
		if err := store.Requeue(ctx, j.ID); err != nil {
			return err
		}
	}
	return nil
}
