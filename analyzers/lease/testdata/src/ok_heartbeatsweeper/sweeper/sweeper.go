// Package sweeper puts back the running jobs whose worker stopped beating.
package sweeper

import (
	"context"

	"ok_heartbeatsweeper"
)

// Heartbeats says whether a worker beat lately (a key with a TTL in Redis).
type Heartbeats interface {
	Alive(ctx context.Context, worker string) (bool, error)
}

func Sweep(ctx context.Context, store *ok_heartbeatsweeper.Store, hb Heartbeats) error {
	running, err := store.ListRunning(ctx)
	if err != nil {
		return err
	}
	for _, j := range running {
		alive, err := hb.Alive(ctx, j.Worker)
		if err != nil {
			continue
		}
		if alive {
			continue
		}
		if err := store.Requeue(ctx, j.ID); err != nil {
			return err
		}
	}
	return nil
}
