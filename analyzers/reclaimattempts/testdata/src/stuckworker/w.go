// The rescuer of stuckstore: what it puts back comes back for ever.
package stuckworker

import (
	"context"

	"stuckstore"
)

func Rescue(ctx context.Context, s *stuckstore.Store) error {
	id, err := s.StuckJob(ctx)
	if err != nil {
		return err
	}
	return s.Requeue(ctx, id) // want `^this call returns a stuck job to the queue without spending an attempt, and the claim counts none either\n`
}

// RescueCounted spends an attempt in the reset and fails at the limit.
func RescueCounted(ctx context.Context, s *stuckstore.Store) error {
	id, err := s.StuckJob(ctx)
	if err != nil {
		return err
	}
	return s.RequeueCounted(ctx, id)
}
