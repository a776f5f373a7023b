// Package bkservice wraps the job store for the workers: its methods call
// the store's, in another package, and some pass the write's error on.
package bkservice

import (
	"context"
	"fmt"
	"log"

	"bkstore"
)

type Service struct{ W *bkstore.W }

func (s *Service) Next(ctx context.Context) (int64, error) { return s.W.Claim(ctx) }

// Done returns the completion's error, wrapped.
func (s *Service) Done(ctx context.Context, id int64) error {
	if err := s.W.Finish(ctx, id); err != nil {
		return fmt.Errorf("done %d: %w", id, err)
	}
	return nil
}

// DoneQuietly logs the completion's error and returns the notifier's.
func (s *Service) DoneQuietly(ctx context.Context, id int64, notify func(int64) error) error {
	if err := s.W.Finish(ctx, id); err != nil {
		log.Printf("finish %d: %v", id, err)
	}
	return notify(id)
}

func (s *Service) Requeue(ctx context.Context, id int64) error { return s.W.Retry(ctx, id) }
