// ok_relay_marknames with GORM, its flag bound to constants: a user's
// unread notifications (read = false), each marked read by key by the API.
// The marker says nothing was handed on: no relay.
package ok_relay_gorm_boundflag_listing

import "gorm.io/gorm"

type Notification struct {
	ID     int64
	UserID int64
	Text   string
	Read   bool
}

type Store struct{ db *gorm.DB }

func (s *Store) Notify(n *Notification) error { return s.db.Create(n).Error }

func (s *Store) Unread(user int64) ([]Notification, error) {
	var out []Notification
	err := s.db.Where("user_id = ? AND read = ?", user, false).Order("id DESC").Limit(20).Find(&out).Error
	return out, err
}

func (s *Store) MarkRead(id int64) error {
	return s.db.Model(&Notification{}).Where("id = ?", id).Update("read", true).Error
}
