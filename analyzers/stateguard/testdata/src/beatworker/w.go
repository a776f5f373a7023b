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
		if err := s.Requeue(ctx, j.ID); err != nil { // want `^this call puts a job back by key without re-checking that it is still stuck\nRequeue's UPDATE sets status to 'queued' by key alone`
			return err
		}
	}
	return nil
}

// SweepChecked puts back only a job still running: one that finished
// since the listing is left alone.
func SweepChecked(ctx context.Context, s *beatstore.Store, hb Heartbeats) error {
	running, err := s.ListRunning(ctx)
	if err != nil {
		return err
	}
	for _, j := range running {
		if alive, err := hb.Alive(ctx, j.Worker); err != nil || alive {
			continue
		}
		if err := s.RequeueIfRunning(ctx, j.ID); err != nil {
			return err
		}
	}
	return nil
}

// RequeueAll puts every running job back when the service starts: no
// decision on the jobs listed, no reclaim (the store's Requeue is judged
// where it is written).
func RequeueAll(ctx context.Context, s *beatstore.Store) error {
	running, err := s.ListRunning(ctx)
	if err != nil {
		return err
	}
	for _, j := range running {
		if err := s.Requeue(ctx, j.ID); err != nil {
			return err
		}
	}
	return nil
}
