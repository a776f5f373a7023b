// Package repositories keeps the jobs: a poll of pending rows, and an
// UpdateJobStatus that writes the state and the count its caller gives.
package repositories

import (
	"context"
	"database/sql"

	"example.com/okpolledrecord/models"
)

type JobRepository interface {
	Create(ctx context.Context, job *models.Job) error
	GetPendingJobs(ctx context.Context, limit int) ([]*models.Job, error)
	UpdateJobStatus(ctx context.Context, id int64, status models.JobStatus, retryCount int) error
}

type postgresJobRepository struct{ db *sql.DB }

func NewJobRepository(db *sql.DB) JobRepository { return &postgresJobRepository{db: db} }

func (r *postgresJobRepository) Create(ctx context.Context, job *models.Job) error {
	return r.db.QueryRowContext(ctx, `INSERT INTO jobs (type, payload, status, max_retries) VALUES ($1, $2, $3, $4) RETURNING id`,
		job.Type, job.Payload, models.StatusPending, job.MaxRetries).Scan(&job.ID)
}

func (r *postgresJobRepository) GetPendingJobs(ctx context.Context, limit int) ([]*models.Job, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT id, type, payload, status, retry_count, max_retries FROM jobs WHERE status = $1 ORDER BY created_at LIMIT $2`, models.StatusPending, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*models.Job
	for rows.Next() {
		j := &models.Job{}
		if err := rows.Scan(&j.ID, &j.Type, &j.Payload, &j.Status, &j.RetryCount, &j.MaxRetries); err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

func (r *postgresJobRepository) UpdateJobStatus(ctx context.Context, id int64, status models.JobStatus, retryCount int) error {
	_, err := r.db.ExecContext(ctx, `UPDATE jobs SET status = $1, retry_count = $2, updated_at = now() WHERE id = $3`, status, retryCount, id)
	return err
}
