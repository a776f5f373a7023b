// A state change of the event its caller names: lock the row by key (as
// GORM's First writes it, ORDER BY the key LIMIT 1),
// check the transition in Go, save it. An invalid transition rolls back
// and nothing changes; no poll takes the event again because of it.
package ok_rbbykey

import (
	"context"
	"database/sql"
	"errors"
)

type Event struct {
	ID     int64
	Status string
}

func (e *Event) Processing() error {
	if e.Status != "pending" {
		return errors.New("event is not pending")
	}
	e.Status = "processing"
	return nil
}

type Store struct{ db *sql.DB }

func (s *Store) MarkProcessing(ctx context.Context, id int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var e Event
	if err := tx.QueryRowContext(ctx, `SELECT id, status FROM events WHERE id = $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`, id).Scan(&e.ID, &e.Status); err != nil {
		return err
	}
	if err := e.Processing(); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE events SET status = $2 WHERE id = $1`, e.ID, e.Status); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *Store) Next(ctx context.Context) (id int64, err error) {
	err = s.db.QueryRowContext(ctx, `UPDATE events SET status = 'processing' WHERE id = (SELECT id FROM events WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}
