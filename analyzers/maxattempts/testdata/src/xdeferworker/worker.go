// Workers that put the job back after its handler failed, with no
// attempt limit: through a helper, a closure that the failure path calls
// too, a closure handed to code that runs the handler first, a deferred
// closure, and after a handler started in a goroutine.
package xdeferworker

import (
	"context"
	"errors"
	"time"

	"xdeferstore"
)

func Run(ctx context.Context, s *xdeferstore.Store, handle func(xdeferstore.Job) error) {
	for ctx.Err() == nil {
		j, err := s.Next(ctx)
		if err != nil {
			continue
		}
		if err := handle(j); err != nil {
			retryLater(ctx, s, j)
			continue
		}
		_ = s.Complete(ctx, j.ID)
	}
}

// Each runs each job through one of the functions below, chosen by its
// id: none runs after another in one turn.
func Each(ctx context.Context, s *xdeferstore.Store, handle func(xdeferstore.Job) error) {
	for ctx.Err() == nil {
		j, err := s.Next(ctx)
		if err != nil {
			continue
		}
		switch j.ID % 4 {
		case 0:
			closure(ctx, s, j, handle)
		case 1:
			handed(ctx, s, j, handle)
		case 2:
			deferred(ctx, s, j, handle)
		default:
			started(ctx, s, j, handle)
		}
	}
}

func retryLater(ctx context.Context, s *xdeferstore.Store, j xdeferstore.Job) {
	_ = s.Postpone(ctx, j.ID, time.Now().Add(time.Minute)) // want `this call puts the job back with no limit`
}

func closure(ctx context.Context, s *xdeferstore.Store, j xdeferstore.Job, handle func(xdeferstore.Job) error) {
	later := func() {
		_ = s.Postpone(ctx, j.ID, time.Now().Add(time.Minute)) // want `this call puts the job back with no limit`
	}
	if errors.Is(s.Acquire(ctx, j.Resource, j.ID), xdeferstore.ErrBusy) {
		later()
		return
	}
	if err := handle(j); err != nil {
		later()
	}
}

func handed(ctx context.Context, s *xdeferstore.Store, j xdeferstore.Job, handle func(xdeferstore.Job) error) {
	later := func() {
		_ = s.Postpone(ctx, j.ID, time.Now().Add(time.Minute)) // want `this call puts the job back with no limit`
	}
	if j.Resource == "" {
		later()
		return
	}
	runOrElse(j, handle, later)
}

func runOrElse(j xdeferstore.Job, handle func(xdeferstore.Job) error, orElse func()) {
	if handle(j) != nil {
		orElse()
	}
}

func started(ctx context.Context, s *xdeferstore.Store, j xdeferstore.Job, handle func(xdeferstore.Job) error) {
	done := make(chan error, 1)
	go func() { done <- handle(j) }()
	if <-done != nil {
		_ = s.Postpone(ctx, j.ID, time.Now().Add(time.Minute)) // want `this call puts the job back with no limit`
	}
}

// deferred puts the job back when the function returns, after the
// handler failed.
func deferred(ctx context.Context, s *xdeferstore.Store, j xdeferstore.Job, handle func(xdeferstore.Job) error) {
	var err error
	defer func() {
		if err != nil {
			_ = s.Postpone(ctx, j.ID, time.Now().Add(time.Minute)) // want `this call puts the job back with no limit`
		}
	}()
	err = handle(j)
}
