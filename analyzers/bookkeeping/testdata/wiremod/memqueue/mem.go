// Package memqueue keeps tasks in memory: its Complete reports no
// error a dropped connection could cause.
package memqueue

import (
	"context"
	"errors"
	"sync"

	"example.com/wire/worker"
)

type Store struct {
	mu   sync.Mutex
	next []int64
	done map[int64]bool
}

func (s *Store) Claim(ctx context.Context) (*worker.Task, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.next) == 0 {
		return nil, errors.New("empty")
	}
	id := s.next[0]
	s.next = s.next[1:]
	return &worker.Task{ID: id}, nil
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.done[id] = true
	return nil
}

func (s *Store) Fail(ctx context.Context, id int64, msg string) error { return nil }

func (s *Store) Finish(ctx context.Context, id int64, status string) error { return nil }
