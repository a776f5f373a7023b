// Package memstore is the relay's store for tests and local runs.
package memstore

import (
	"context"
	"errors"
	"sync"

	"ok_runnertwoimpl/store"
)

type Store struct {
	mu      sync.Mutex
	pending []store.Event
	failed  []store.Event
}

func (s *Store) ClaimNext(ctx context.Context) (store.Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.pending) == 0 {
		return store.Event{}, errors.New("empty")
	}
	e := s.pending[0]
	s.pending = s.pending[1:]
	e.Attempts++
	return e, nil
}

func (s *Store) MarkProcessed(ctx context.Context, id int64) error { return nil }

func (s *Store) ReleaseClaim(ctx context.Context, id int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failed = append(s.failed, store.Event{ID: id})
	return nil
}
