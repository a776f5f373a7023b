package api

import (
	"context"

	"example.com/shop/store"
)

// Requeue is an operator's action: the state is a literal conversion.
func Requeue(ctx context.Context, s *store.Store, id int64) error {
	return s.SetStatus(ctx, id, store.Status("queued"))
}
