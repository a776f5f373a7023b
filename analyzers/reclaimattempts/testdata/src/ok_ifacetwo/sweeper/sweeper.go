// Package sweeper puts back the running jobs whose worker stopped beating.
package sweeper

import (
	"context"

	"ok_ifacetwo"
)

type Queue interface {
	ListRunning(ctx context.Context) ([]ok_ifacetwo.Job, error)
	Requeue(ctx context.Context, id int64) error
}

type Heartbeats interface {
	Alive(ctx context.Context, worker string) (bool, error)
}

func Sweep(ctx context.Context, q Queue, hb Heartbeats) error {
	running, err := q.ListRunning(ctx)
	if err != nil {
		return err
	}
	for _, j := range running {
		if alive, err := hb.Alive(ctx, j.Worker); err != nil || alive {
			continue
		}
		if err := q.Requeue(ctx, j.ID); err != nil {
			return err
		}
	}
	return nil
}
