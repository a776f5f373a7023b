// The retry reads the job's key from another table (the worker's run
// log), but takes nothing out of it: the job is not brought back from
// where ended jobs are kept, and its count is set back to 0, so the limit
// is never reached.
package deadreadnodelete

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

func (s *Store) Failed(ctx context.Context, runID int64, tries int) error {
	if tries >= maxTries {
		_, err := s.pool.Exec(ctx, `UPDATE work SET state = 'dead' WHERE id = (SELECT work_id FROM runs WHERE id = $1)`, runID)
		return err
	}
	var workID int64
	if err := s.pool.QueryRow(ctx, `SELECT work_id FROM runs WHERE id = $1`, runID).Scan(&workID); err != nil {
		return err
	}
	_, err := s.pool.Exec(ctx, `UPDATE work SET state = 'waiting', tries = 0 WHERE id = $1`, workID) // want `this retry resets tries to 0`
	return err
}
