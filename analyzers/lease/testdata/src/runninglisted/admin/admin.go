// Package admin reports the running jobs whose worker stopped beating.
package admin

import (
	"context"
	"log"

	"runninglisted"
)

type Heartbeats interface {
	Alive(ctx context.Context, worker string) (bool, error)
}

func Report(ctx context.Context, store *runninglisted.Store, hb Heartbeats) error {
	running, err := store.ListRunning(ctx)
	if err != nil {
		return err
	}
	for _, j := range running {
		if alive, _ := hb.Alive(ctx, j.Worker); !alive {
			log.Printf("job %d: worker %s is gone", j.ID, j.Worker)
		}
	}
	return nil
}
