// Package gormmigrated holds models as queues write them for GORM's
// AutoMigrate: gormddl_test.go migrates each with the real GORM on
// PostgreSQL 15 and compares the tables with those jobqlint's DDL makes.
package gormmigrated

import (
	"database/sql"
	"database/sql/driver"
	"time"

	gofrs "github.com/gofrs/uuid"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Job is a queue's job: gorm.Model's columns, a state with its default, a
// poll index of two keys in priority order, and a partial index.
type Job struct {
	gorm.Model
	Queue       string     `gorm:"size:64;not null;index:idx_jobs_poll,priority:1"`
	Status      string     `gorm:"default:pending;index:idx_jobs_poll,priority:2;index:idx_jobs_pending,where:status = 'pending'"`
	RunAt       time.Time  `gorm:"index:idx_jobs_poll,priority:3,sort:desc"`
	Attempts    int32      `gorm:"not null;default:0"`
	MaxAttempts uint8      `gorm:"default:5"`
	LockedUntil *time.Time `gorm:"precision:3"`
	LastError   sql.NullString
	Payload     []byte
	Urgent      bool    `gorm:"default:false"`
	Weight      float64 `gorm:"precision:10;scale:2"`
	OwnerName   string
	Owner       *Worker `gorm:"foreignKey:OwnerName;references:Name"` // an association: no column
	Secret      string  `gorm:"-"`
	internal    int
}

// Worker is keyed by a name, unique by a constraint and an index.
type Worker struct {
	Name      string            `gorm:"primaryKey"`
	Host      string            `gorm:"unique"`
	Token     string            `gorm:"uniqueIndex"`
	Email     string            `gorm:"unique;uniqueIndex"` // a unique index and a unique constraint
	Seen      time.Time         `gorm:"type:timestamp;index"`
	StartedAt int64             `gorm:"column:started;autoCreateTime"`
	Meta      map[string]string `gorm:"serializer:json"`
	Tags      []string          `gorm:"type:text[]"`
	Stats     Stats             `gorm:"embedded;embeddedPrefix:stats_"`
}

// Stats is embedded into Worker's row.
type Stats struct {
	Done   int64
	Failed int64 `gorm:"index:,composite:failures"`
}

// OutboxEvent has an integer key GORM numbers itself and a composite index
// named by its composite setting.
type OutboxEvent struct {
	ID          int64  `gorm:"index:,unique,composite:seq"`
	Topic       string `gorm:"index:,composite:seq,priority:1"`
	PublishedAt sql.NullTime
	CreatedAt   time.Time `gorm:"default:now()"`
}

// Priority is a named string: GORM stores it as text.
type Priority string

// Task's primary key is chosen by its column name, id.
type Task struct {
	Key      int32 `gorm:"column:id"`
	Priority Priority
	Done     sql.NullBool
	Count    sql.NullInt64 `gorm:"not null"`
}

// Money's column type is whatever its Value method returns: GORM calls it.
type Money int64

func (Money) Value() (driver.Value, error) { return int64(0), nil }

// Invoice is not read: its Amount's type is decided by Money's Value.
type Invoice struct {
	ID     uint
	Amount Money
}

// Lease's key is the pair its tags name: ID is a plain column.
type Lease struct {
	ID     int64
	JobID  int64  `gorm:"primaryKey"`
	Holder string `gorm:"primaryKey"`
}

// Message is an outbox keyed by a UUID with no type tag: GORM stores the
// UUID types of the common libraries as text, the string their Value
// returns.
type Message struct {
	ID          uuid.UUID `gorm:"primaryKey"`
	Topic       string
	Payload     string
	CreatedAt   time.Time
	ProcessedAt *time.Time
}

// Delivery's UUIDs are gofrs's, one of them optional.
type Delivery struct {
	ID        gofrs.UUID  `gorm:"primaryKey"`
	MessageID *gofrs.UUID `gorm:"index"`
}
