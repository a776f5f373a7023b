package worker

import (
	"context"

	"example.com/sqlcstyle/store"
)

func Run(ctx context.Context, s *store.Store, id int64, err error) {
	if err != nil {
		s.Move(ctx, id, store.StatusQueued)
		return
	}
	s.Move(ctx, id, store.StatusDone)
}
