// Package store passes the state its callers choose on through a helper
// of its own to sqlc's method.
package store

import (
	"context"

	"example.com/hops/db"
)

type Store struct{ q *db.Queries }

// UpdateCrawlJobStatus is the store's exported method: status goes on
// through setStatus, an unexported hop.
func (s *Store) UpdateCrawlJobStatus(ctx context.Context, id int64, status string, errMsg string) error {
	return s.setStatus(ctx, id, status, errMsg)
}

func (s *Store) setStatus(ctx context.Context, id int64, status, errMsg string) error {
	return s.q.UpdateJobStatus(ctx, db.UpdateJobStatusParams{ID: id, Status: status, Error: errMsg})
}

// Skip calls the helper with a constant of its own.
func (s *Store) Skip(ctx context.Context, id int64) error {
	return s.setStatus(ctx, id, "skipped", "")
}
