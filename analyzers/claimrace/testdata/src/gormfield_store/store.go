// A GORM store that holds its *gorm.DB in a field its constructor sets:
// what it runs on, a pool or a transaction, its callers decide.
package gormfield_store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type OutboxEvent struct {
	ID        int64
	Topic     string
	Payload   []byte
	Status    string
	CreatedAt time.Time
}

type Setting struct {
	Key   string `gorm:"primaryKey"`
	Value string
}

type Store struct {
	db *gorm.DB
}

func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

func (s *Store) Add(ctx context.Context, topic string, payload []byte) error {
	return s.db.WithContext(ctx).Create(&OutboxEvent{Topic: topic, Payload: payload, Status: "pending"}).Error
}

// Pending locks the oldest pending events, for as long as the statement
// runs in: on a pool, the SELECT alone.
func (s *Store) Pending(ctx context.Context, n int) ([]OutboxEvent, error) {
	var events []OutboxEvent
	err := s.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("status = ?", "pending").
		Order("created_at").
		Limit(n).
		Find(&events).Error
	return events, err
}

func (s *Store) MarkSent(ctx context.Context, id int64) error {
	return s.db.WithContext(ctx).Model(&OutboxEvent{}).Where("id = ?", id).Update("status", "sent").Error
}

// Setting reads the configuration table, which is no queue.
func (s *Store) Setting(ctx context.Context, key string) (string, error) {
	var st Setting
	err := s.db.WithContext(ctx).Where("key = ?", key).First(&st).Error
	return st.Value, err
}
