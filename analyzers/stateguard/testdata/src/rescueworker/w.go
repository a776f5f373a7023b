// The rescuer of rescuestore: it resets the job StuckJob found, by key.
package rescueworker

import (
	"context"

	"rescuestore"
)

func Rescue(ctx context.Context, s *rescuestore.Store) error {
	id, err := s.StuckJob(ctx)
	if err != nil {
		return err
	}
	return s.ResetJob(ctx, id) // want `^this call puts a job back by key without re-checking that it is still stuck\nResetJob's UPDATE sets status to 'pending' by key alone`
}

func RescueLocked(ctx context.Context, s *rescuestore.Store) error {
	id, err := s.LockStuckJob(ctx)
	if err != nil {
		return err
	}
	return s.ResetJob(ctx, id) // want `LockStuckJob's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns`
}

// RescueChecked resets with the scan's filter repeated: a job finished in
// between is left alone.
func RescueChecked(ctx context.Context, s *rescuestore.Store) error {
	id, err := s.StuckJob(ctx)
	if err != nil {
		return err
	}
	return s.ResetIfStuck(ctx, id)
}

// Retry puts back the job its handler failed; the scan it runs first
// only tells whether the queue has stuck jobs: the key is not the scan's.
func Retry(ctx context.Context, s *rescuestore.Store, id int64, report func(stuck bool)) error {
	_, err := s.StuckJob(ctx)
	report(err == nil)
	return s.ResetJob(ctx, id)
}
