// The claim reads its row through a helper that only scans it: the
// helper's error is the claim's read failing, not the job's work, and
// the row is marked running and committed before any work runs.
package ok_rbscanhelper

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID       int64
	Kind     string
	Attempts int
}

func scanJob(row pgx.Row) (*Job, error) {
	var j Job
	if err := row.Scan(&j.ID, &j.Kind, &j.Attempts); err != nil {
		return nil, err
	}
	return &j, nil
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (*Job, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	row := tx.QueryRow(ctx, `SELECT id, kind, attempts FROM jobs WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`)
	j, err := scanJob(row)
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, nil
		}
		return nil, fmt.Errorf("claim: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET state = 'running', attempts = attempts + 1 WHERE id = $1`, j.ID); err != nil {
		return nil, err
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, err
	}
	return j, nil
}

func (s *Store) Fail(ctx context.Context, j *Job) error {
	state := "queued"
	if j.Attempts >= 5 {
		state = "dead"
	}
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET state = $2 WHERE id = $1`, j.ID, state)
	return err
}
