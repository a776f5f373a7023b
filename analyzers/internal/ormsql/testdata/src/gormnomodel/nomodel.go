// Package gormnomodel holds GORM updates whose chain names no Model and no
// Table: GORM makes the struct given to Updates the model.
package gormnomodel

import (
	"time"

	"gorm.io/gorm"
)

type Message struct {
	ID     int64
	Status string
	SentAt *time.Time
}

type Stamped struct {
	ID        int64
	Status    string
	UpdatedAt time.Time
}

// MarkSent: the struct's type names the table; its zero fields are skipped.
func MarkSent(db *gorm.DB, id int64) {
	db.Where("id = ? AND status = ?", id, "sending").Updates(&Message{Status: "sent"})
}

// MarkSentValue: a struct value, not a pointer, is the model as well.
func MarkSentValue(db *gorm.DB, id int64) {
	db.Where("id = ?", id).Updates(Message{Status: "sent"})
}

// MarkKeyed: the key set in the struct is a condition, after the chain's.
func MarkKeyed(db *gorm.DB) {
	db.Where("status = ?", "sending").Updates(&Message{ID: 7, Status: "sent"})
}

// MarkStamped: GORM sets updated_at of a model that has one.
func MarkStamped(db *gorm.DB, id int64) {
	db.Where("id = ?", id).Updates(&Stamped{Status: "done"})
}

// UpdateColumnNoModel: one column names no table.
func UpdateColumnNoModel(db *gorm.DB, id int64) {
	db.Where("id = ?", id).Update("status", "sent")
}

// UpdatesMapNoModel: a map names no table.
func UpdatesMapNoModel(db *gorm.DB, id int64) {
	db.Where("id = ?", id).Updates(map[string]any{"status": "sent"})
}

// MarkKeyedValue: a struct value that sets its key.
func MarkKeyedValue(db *gorm.DB) {
	db.Where("status = ?", "sending").Updates(Message{ID: 7, Status: "sent"})
}
