// Package models declares GORM models whose table names the package that
// uses them learns from facts.
package models

import "time"

type Event struct {
	ID        uint
	Status    string
	UpdatedAt time.Time
}

func (e *Event) TableName() string { return "events" } // want TableName:"table name events"

type Handler struct {
	ID  uint
	URL string
}

var prefix = "app_"

// TableName returns a name that is no constant: out of sight elsewhere.
func (h *Handler) TableName() string { return prefix + "handlers" }
