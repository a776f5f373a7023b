package service

import (
	"context"

	"example.com/shop/store"
)

type Service struct{ st *store.Store }

// SetStatus forwards its state to the store's method of the same name.
func (s *Service) SetStatus(ctx context.Context, id int64, status store.Status) error {
	return s.st.SetStatus(ctx, id, status)
}
