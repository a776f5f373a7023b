// Package store wraps sqlc's queries: the state its callers choose goes
// on, through a helper of its own, into sqlc's parameter struct.
package store

import (
	"context"

	"record_hops/db"
)

type Store struct{ q *db.Queries }

func New(q *db.Queries) *Store { return &Store{q: q} }

func (s *Store) Create(ctx context.Context, url string) (int64, error) {
	return s.q.CreateCrawlJob(ctx, url)
}

// UpdateCrawlJobStatus moves a job to the state its caller gives.
func (s *Store) UpdateCrawlJobStatus(ctx context.Context, id int64, status string, errMsg string) error {
	return s.setStatus(ctx, id, status, errMsg)
}

func (s *Store) setStatus(ctx context.Context, id int64, status, errMsg string) error {
	return s.q.UpdateJobStatus(ctx, db.UpdateJobStatusParams{ID: id, Status: status, Error: errMsg})
}
