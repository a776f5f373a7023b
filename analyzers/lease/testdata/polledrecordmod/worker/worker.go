// The worker lists pending jobs through the repository's interface,
// marks each processing with the count it has, runs it, and writes the
// outcome the same way. The store claims nothing: its poll reads pending
// rows unlocked, and the worker's UpdateJobStatus takes each. Nothing in
// the module moves a processing job back.
package worker

import (
	"context"
	"log"
	"time"

	"example.com/polledrecord/models"
	"example.com/polledrecord/repositories"
)

type Worker struct {
	repo    repositories.JobRepository
	handler func(context.Context, *models.Job) error
}

func New(repo repositories.JobRepository, h func(context.Context, *models.Job) error) *Worker {
	return &Worker{repo: repo, handler: h}
}

func (w *Worker) Start(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			jobs, err := w.repo.GetPendingJobs(ctx, 10)
			if err != nil {
				log.Print(err)
				continue
			}
			for _, job := range jobs {
				w.process(ctx, job)
			}
		}
	}
}

func (w *Worker) process(ctx context.Context, job *models.Job) {
	// want +1 `this call marks the job record "processing" before the work, and nothing in the module moves it back`
	if err := w.repo.UpdateJobStatus(ctx, job.ID, models.StatusProcessing, job.RetryCount); err != nil {
		log.Print(err)
		return
	}
	if err := w.handler(ctx, job); err != nil {
		job.RetryCount++
		if job.RetryCount >= job.MaxRetries {
			_ = w.repo.UpdateJobStatus(ctx, job.ID, models.StatusFailed, job.RetryCount)
			return
		}
		_ = w.repo.UpdateJobStatus(ctx, job.ID, models.StatusPending, job.RetryCount)
		return
	}
	if err := w.repo.UpdateJobStatus(ctx, job.ID, models.StatusCompleted, job.RetryCount); err != nil {
		log.Print(err)
	}
}
