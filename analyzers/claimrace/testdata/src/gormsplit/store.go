// A GORM repository whose claim its worker assembles: a poll, and a
// helper that writes the state the worker gives as a typed constant.
package gormsplit

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"gormsplit/models"
)

type Repo struct{ db *gorm.DB }

func New(db *gorm.DB) *Repo { return &Repo{db: db} }

func (r *Repo) Enqueue(ctx context.Context) error {
	return r.db.WithContext(ctx).Create(&models.Task{Status: models.TaskStatusPending}).Error
}

func (r *Repo) NextPending(ctx context.Context) (*models.Task, error) {
	var task models.Task
	err := r.db.WithContext(ctx).Where("status = ?", models.TaskStatusPending).Order("id").First(&task).Error
	return &task, err
}

func (r *Repo) UpdateTaskStatus(ctx context.Context, id int64, status models.TaskStatus) error {
	return r.db.WithContext(ctx).Model(&models.Task{}).Where("id = ?", id).Update("status", status).Error
}

var ErrTaken = errors.New("taken")

// Transition moves the task only from the state the caller names, and
// says whether it did: a compare-and-set.
func (r *Repo) Transition(ctx context.Context, id int64, from, to models.TaskStatus) error {
	res := r.db.WithContext(ctx).Model(&models.Task{}).Where("id = ? AND status = ?", id, from).Update("status", to)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrTaken
	}
	return nil
}
