// The worker of gormsplit: it reads the next pending task, then marks it
// running through the repository's helper, two statements that each
// commit on their own. The command that wires the repository's handle
// judges it, at the worker's function.
package worker

import (
	"context"

	"gormsplit"
	"gormsplit/models"
)

func Run(ctx context.Context, r *gormsplit.Repo, work func(*models.Task) error) {
	for ctx.Err() == nil {
		task, err := r.NextPending(ctx)
		if err != nil {
			continue
		}
		if err := r.UpdateTaskStatus(ctx, task.ID, models.TaskStatusRunning); err != nil {
			continue
		}
		if work(task) == nil {
			_ = r.UpdateTaskStatus(ctx, task.ID, models.TaskStatusCompleted)
		}
	}
}

// RunCAS takes the task with a compare-and-set whose outcome it checks:
// only one worker wins.
func RunCAS(ctx context.Context, r *gormsplit.Repo, work func(*models.Task) error) {
	for ctx.Err() == nil {
		task, err := r.NextPending(ctx)
		if err != nil {
			continue
		}
		if err := r.Transition(ctx, task.ID, models.TaskStatusPending, models.TaskStatusRunning); err != nil {
			continue
		}
		_ = work(task)
	}
}
