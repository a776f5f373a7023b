package worker

import (
	"context"

	"gormcallerstates"
	"gormcallerstates/models"
)

func Run(ctx context.Context, r *gormcallerstates.Repo, work func(*models.Task) error) {
	for ctx.Err() == nil {
		task, err := r.NextPending(ctx)
		if err != nil {
			continue
		}
		if err := r.UpdateTaskStatus(ctx, task.ID, models.TaskStatusRunning); err != nil {
			continue
		}
		if err := work(task); err != nil {
			_ = r.UpdateTaskStatus(ctx, task.ID, models.TaskStatusFailed)
			continue
		}
		_ = r.UpdateTaskStatus(ctx, task.ID, models.TaskStatusCompleted)
	}
}
