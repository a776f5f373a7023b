// The service of record_eachjob, whose store also puts back the jobs left
// running (Store.Requeue): a killed worker's job comes back.
package service

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_record_eachjob/pool"
	"ok_record_eachjob/store"
)

type Service struct {
	db    *pgxpool.Pool
	store *store.Store
	run   func(ctx context.Context, kind string) error
}

var _ pool.Processor = (*Service)(nil)

func (s *Service) Running(ctx context.Context) (int, error) {
	return s.store.Count(ctx, store.StateRunning)
}

// Stuck is the dashboard's count of jobs running for an hour.
func (s *Service) Stuck(ctx context.Context) (n int, err error) {
	err = s.db.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE state = 'running' AND updated_at < now() - interval '1 hour'`).Scan(&n)
	return n, err
}

func (s *Service) ProcessJob(ctx context.Context, id string) {
	job, err := s.store.Get(ctx, id)
	if err != nil || job.State != store.StateQueued {
		return
	}
	job.State = store.StateRunning
	job.Attempts++
	if err := s.store.Update(ctx, job); err != nil {
		log.Print(err)
		return
	}
	if err := s.run(ctx, job.Kind); err != nil {
		s.failJob(ctx, job, err)
		return
	}
	job.State = store.StateSucceeded
	if err := s.store.Update(ctx, job); err != nil {
		log.Print(err)
	}
}

func (s *Service) failJob(ctx context.Context, job *store.Job, err error) {
	log.Printf("job %s: %v (next try in %s)", job.ID, err, pool.Backoff(job.Attempts))
	s.handleFailure(ctx, job)
}

func (s *Service) handleFailure(ctx context.Context, job *store.Job) {
	if job.Attempts >= 5 {
		job.State = store.StateDead
	} else {
		job.State = store.StateQueued
	}
	if err := s.store.Update(ctx, job); err != nil {
		log.Print(err)
	}
}
