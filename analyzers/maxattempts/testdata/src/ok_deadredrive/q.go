// A job out of attempts is moved to a table of dead jobs. The operator's
// redrive reads the job's key back from that table, requeues the job with
// a fresh count and deletes the dead entry: the job comes back out of the
// dead letters, a decision the operator makes, not a retry of the worker.
package ok_deadredrive

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxTries = 4

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Next(ctx context.Context) (id int64, tries int, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE work SET state = 'busy', tries = tries + 1 WHERE id = (
		SELECT id FROM work WHERE state = 'waiting' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, tries`).Scan(&id, &tries)
	return id, tries, err
}

func (s *Store) Failed(ctx context.Context, id int64, tries int, cause string) error {
	if tries >= maxTries {
		tx, err := s.pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if _, err := tx.Exec(ctx, `UPDATE work SET state = 'dead' WHERE id = $1`, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO dead_work (work_id, cause) VALUES ($1, $2)`, id, cause); err != nil {
			return err
		}
		return tx.Commit(ctx)
	}
	_, err := s.pool.Exec(ctx, `UPDATE work SET state = 'waiting', last_error = $2 WHERE id = $1`, id, cause)
	return err
}

// Revive is behind the dead-letter page's button.
func (s *Store) Revive(ctx context.Context, deadID int64) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var workID int64
	if err := tx.QueryRow(ctx, `SELECT work_id FROM dead_work WHERE id = $1`, deadID).Scan(&workID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE work SET state = 'waiting', tries = 0 WHERE id = $1`, workID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM dead_work WHERE id = $1`, deadID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
