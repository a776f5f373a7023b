// The store writes whatever state its callers give (SetStatus binds it),
// and the way back is a reaper in a package this one does not import: it
// lists the running jobs through the JobStore interface, decides in Go
// which ones stopped beating, and gives SetStatus the queued state for
// those with attempts left. The reset's state is the caller's, so the
// reaper's call is what makes it a reclaim.
package ok_reaperstate

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Status string

const (
	StatusQueued  Status = "queued"
	StatusRunning Status = "running"
	StatusDone    Status = "done"
	StatusFailed  Status = "failed"
)

type Job struct {
	ID          int64
	Attempts    int
	MaxAttempts int
	BeatAt      *time.Time
}

// JobStore is what the worker and the reaper are given; main wires the
// PostgreSQL store in.
type JobStore interface {
	Claim(ctx context.Context) (*Job, error)
	ListRunning(ctx context.Context) ([]Job, error)
	SetStatus(ctx context.Context, id int64, status Status) error
}

type PGStore struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *PGStore { return &PGStore{pool: pool} }

func (s *PGStore) Enqueue(ctx context.Context, payload string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO jobs (payload, status, attempts, max_attempts) VALUES ($1, 'queued', 0, 5)`, payload)
	return err
}

func (s *PGStore) Claim(ctx context.Context) (*Job, error) {
	var j Job
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', beat_at = now(), attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts, max_attempts, beat_at`).Scan(&j.ID, &j.Attempts, &j.MaxAttempts, &j.BeatAt)
	return &j, err
}

func (s *PGStore) ListRunning(ctx context.Context) ([]Job, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, attempts, max_attempts, beat_at FROM jobs WHERE status = 'running'`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Job])
}

func (s *PGStore) SetStatus(ctx context.Context, id int64, status Status) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = $1 WHERE id = $2`, string(status), id)
	return err
}
