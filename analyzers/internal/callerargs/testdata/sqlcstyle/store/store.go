// Package store keeps its states as an iota enum and maps them to the
// database's strings.
package store

import (
	"context"
	"fmt"

	"example.com/sqlcstyle/db"
)

type Status int

const (
	StatusQueued Status = iota + 1
	StatusRunning
	StatusDone
	StatusArchived // no database state: toDB refuses it
)

type Store struct{ q *db.Queries }

func toDB(s Status) (string, error) {
	switch s {
	case StatusQueued:
		return "queued", nil
	case StatusRunning:
		return "running", nil
	case StatusDone:
		return "done", nil
	}
	return "", fmt.Errorf("unknown status %d", s)
}

// Move maps the state its caller chooses.
func (s *Store) Move(ctx context.Context, id int64, st Status) error {
	v, err := toDB(st)
	if err != nil {
		return err
	}
	return s.q.UpdateStatus(ctx, db.UpdateStatusParams{ID: id, Status: v})
}

// Touch sets the field after the literal: not read.
func (s *Store) Touch(ctx context.Context, id int64, current string) error {
	p := db.UpdateStatusParams{ID: id, Status: "running"}
	p.Status = current
	return s.q.UpdateStatus(ctx, p)
}
