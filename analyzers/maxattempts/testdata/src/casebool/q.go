// The store's Fail leaves the choice between failing and retrying to a
// bool it binds into its SQL (CASE WHEN $3 THEN 'failed' ELSE 'pending'
// END). The worker passes whether the error is permanent: an ordinary
// error puts the job back, for ever.
package casebool

import (
	"context"
	"errors"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrPermanent = errors.New("permanent")

type Job struct {
	ID       int64
	Attempts int
	Payload  []byte
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (*Job, error) {
	var j Job
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts, payload`).Scan(&j.ID, &j.Attempts, &j.Payload)
	if err != nil {
		return nil, err
	}
	return &j, nil
}

func (s *Store) Finish(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (s *Store) Fail(ctx context.Context, id int64, msg string, final bool) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN $3 THEN 'failed' ELSE 'pending' END, last_error = $2 WHERE id = $1`, id, msg, final) // want `this retry puts the job back with no limit`
	return err
}

func Work(ctx context.Context, s *Store, run func(context.Context, []byte) error) error {
	for {
		j, err := s.Claim(ctx)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			continue
		case err != nil:
			return err
		}
		if err := run(ctx, j.Payload); err != nil {
			if ferr := s.Fail(ctx, j.ID, err.Error(), errors.Is(err, ErrPermanent)); ferr != nil {
				log.Printf("job %d: %v", j.ID, ferr)
			}
			continue
		}
		_ = s.Finish(ctx, j.ID)
	}
}
