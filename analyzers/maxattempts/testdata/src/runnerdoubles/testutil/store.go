// Package testutil holds the doubles the module's tests share.
package testutil

import (
	"context"
	"sync"
	"time"

	"runnerdoubles/store"
)

// Store records what the dispatcher does. Its context goes to the
// recorder, as a mock's would.
type Store struct {
	mu     sync.Mutex
	Calls  []string
	Record func(ctx context.Context, call string)
}

func New() *Store { return &Store{Record: func(context.Context, string) {}} }

func (s *Store) ClaimDelivery(ctx context.Context) (store.Delivery, error) {
	s.Record(ctx, "claim")
	return store.Delivery{ID: 1}, nil
}

func (s *Store) MarkDelivered(ctx context.Context, id int64) error {
	s.Record(ctx, "delivered")
	return nil
}

func (s *Store) MarkRetry(ctx context.Context, id int64, next time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Calls = append(s.Calls, "retry")
	return nil
}
