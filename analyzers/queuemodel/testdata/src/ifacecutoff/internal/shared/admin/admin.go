// Package admin requeues the jobs claimed before a time an operator gives.
package admin

import (
	"context"
	"time"

	"ifacecutoff/internal/shared"
)

func RequeueClaimedBefore(ctx context.Context, s *shared.Store, t time.Time) error {
	_, err := s.Recover(ctx, t)
	return err
}
