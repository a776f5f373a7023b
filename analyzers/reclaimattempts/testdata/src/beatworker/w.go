// The sweeper of beatstore: it puts back the running jobs whose worker
// stopped beating.
package beatworker

import (
	"context"

	"beatstore"
)

type Heartbeats interface {
	Alive(ctx context.Context, worker string) (bool, error)
}

func Sweep(ctx context.Context, s *beatstore.Store, hb Heartbeats) error {
	running, err := s.ListRunning(ctx)
	if err != nil {
		return err
	}
	for _, j := range running {
		if alive, err := hb.Alive(ctx, j.Worker); err != nil || alive {
			continue
		}
		if err := s.Requeue(ctx, j.ID); err != nil { // want `^this call returns a stuck job to the queue without spending an attempt, and the claim counts none either\n`
			return err
		}
	}
	return nil
}

// SweepCounted spends an attempt in the reset and fails at the limit.
func SweepCounted(ctx context.Context, s *beatstore.Store, hb Heartbeats) error {
	running, err := s.ListRunning(ctx)
	if err != nil {
		return err
	}
	for _, j := range running {
		if alive, err := hb.Alive(ctx, j.Worker); err != nil || alive {
			continue
		}
		if err := s.RequeueCounted(ctx, j.ID); err != nil {
			return err
		}
	}
	return nil
}
