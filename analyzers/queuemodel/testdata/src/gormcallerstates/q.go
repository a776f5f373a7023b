package gormcallerstates // want package:"queues\\(public.tasks\\)"

import (
	"context"

	"gorm.io/gorm"

	"gormcallerstates/models"
)

// A GORM store whose callers, in another package, choose the state its
// helper writes, as typed constants of the models package.
type Repo struct{ db *gorm.DB }

func (r *Repo) Enqueue(ctx context.Context) error {
	return r.db.WithContext(ctx).Create(&models.Task{Status: models.TaskStatusPending}).Error
}

func (r *Repo) NextPending(ctx context.Context) (*models.Task, error) { // want NextPending:"polls public.tasks on unknown \\(locked false\\)" NextPending:"claims jobs"
	var task models.Task
	err := r.db.WithContext(ctx).Where("status = ?", models.TaskStatusPending).Order("scheduled_at").First(&task).Error
	return &task, err
}

// UpdateTaskStatus writes the state its caller gives: one view per state.
func (r *Repo) UpdateTaskStatus(ctx context.Context, id int64, status models.TaskStatus) error { // want UpdateTaskStatus:"completes jobs, fails jobs, writes outcomes" UpdateTaskStatus:"takes public.tasks on unknown \\(locked false\\)"
	return r.db.WithContext(ctx).Model(&models.Task{}).Where("id = ?", id).Update("status", status).Error
}
