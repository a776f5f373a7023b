// Package sweeper puts back the running jobs whose worker stopped beating,
// through the store's methods it names in an interface of its own.
package sweeper

import (
	"context"

	"ok_ifacemem"
)

type Queue interface {
	ListRunning(ctx context.Context) ([]ok_ifacemem.Job, error)
	Requeue(ctx context.Context, id int64) error
	SetStatus(ctx context.Context, id int64, st ok_ifacemem.Status) error
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

// SweepState puts the job back with the state it gives SetStatus.
func SweepState(ctx context.Context, q Queue, hb Heartbeats) error {
	running, err := q.ListRunning(ctx)
	if err != nil {
		return err
	}
	for _, j := range running {
		if alive, err := hb.Alive(ctx, j.Worker); err != nil || alive {
			continue
		}
		if err := q.SetStatus(ctx, j.ID, ok_ifacemem.Queued); err != nil {
			return err
		}
	}
	return nil
}

// Bury fails the jobs it finds stuck: none comes back.
func Bury(ctx context.Context, q Queue, hb Heartbeats) error {
	running, err := q.ListRunning(ctx)
	if err != nil {
		return err
	}
	for _, j := range running {
		if alive, err := hb.Alive(ctx, j.Worker); err != nil || alive {
			continue
		}
		if err := q.SetStatus(ctx, j.ID, ok_ifacemem.Failed); err != nil {
			return err
		}
	}
	return nil
}
