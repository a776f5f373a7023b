// Package sweeper puts back the running jobs whose worker stopped beating,
// through the store's methods it names in an interface of its own.
package sweeper

import (
	"context"

	"ifacestore"
)

type Queue interface {
	ListRunning(ctx context.Context) ([]ifacestore.Job, error)
	Requeue(ctx context.Context, id int64) error
	SetStatus(ctx context.Context, id int64, st ifacestore.Status) error
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
		if err := q.Requeue(ctx, j.ID); err != nil { // want `^this call returns a stuck job to the queue without spending an attempt, and the claim counts none either\n`
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
		if err := q.SetStatus(ctx, j.ID, ifacestore.Queued); err != nil { // want `^this call returns a stuck job to the queue without spending an attempt, and the claim counts none either\n`
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
		if err := q.SetStatus(ctx, j.ID, ifacestore.Failed); err != nil {
			return err
		}
	}
	return nil
}
