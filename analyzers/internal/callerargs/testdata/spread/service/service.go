package service

import (
	"context"

	"example.com/spread/store"
)

type Service struct{ st *store.Store }

// Retry forwards its state to the variadic Transition with two columns
// to clear.
func (s *Service) Retry(ctx context.Context, id int64, status store.Status) error {
	return s.st.Transition(ctx, id, status, "error", "finished_at")
}
