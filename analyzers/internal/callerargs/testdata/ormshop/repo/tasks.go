package repo

import "context"

// This file imports no ORM: its package does (repo.go), and GORM's
// Update binds the status it is given.
func (r *Repo) SetStatus(ctx context.Context, id int64, status Status) error {
	return r.db.WithContext(ctx).Model(&Task{}).Where("id = ?", id).Update("status", status).Error
}

// Where binds the state the caller gives.
func (r *Repo) CountIn(ctx context.Context, status Status) (n int64, err error) {
	err = r.db.WithContext(ctx).Model(&Task{}).Where("status = ?", status).Count(&n).Error
	return n, err
}
