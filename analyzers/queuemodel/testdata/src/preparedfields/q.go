package preparedfields // want package:"queues\\(public.jobs\\)"

import (
	"context"
	"database/sql"
)

type Store struct {
	db      *sql.DB
	claim   *sql.Stmt
	done    *sql.Stmt
	swapped *sql.Stmt
	Listed  *sql.Stmt
	byAddr  *sql.Stmt
}

func New(ctx context.Context, db *sql.DB) (*Store, error) {
	claim, err := db.PrepareContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`)
	if err != nil {
		return nil, err
	}
	s := &Store{db: db, claim: claim}
	s.done, err = db.PrepareContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`)
	if err != nil {
		return nil, err
	}
	s.swapped, _ = db.PrepareContext(ctx, `SELECT count(*) FROM jobs WHERE status = 'queued'`)
	s.Listed, _ = db.PrepareContext(ctx, `SELECT id FROM jobs WHERE status = 'running'`)
	s.byAddr, _ = db.PrepareContext(ctx, `SELECT id FROM jobs WHERE status = 'done'`)
	return s, nil
}

// Swap prepares the count again: two stores, so which text runs is unknown.
func (s *Store) Swap(ctx context.Context) {
	s.swapped, _ = s.db.PrepareContext(ctx, `SELECT count(*) FROM jobs WHERE status = 'failed'`)
}

func (s *Store) Next(ctx context.Context, tx *sql.Tx) (id int64, err error) { // want Next:"claims jobs"
	err = tx.Stmt(s.claim).QueryRowContext(ctx).Scan(&id)
	return id, err
}

func (s *Store) Done(ctx context.Context, id int64) error { // want Done:"completes jobs, writes outcomes, returns a write's error"
	_, err := s.done.ExecContext(ctx, id)
	return err
}

func (s *Store) Count(ctx context.Context) (n int, err error) {
	err = s.swapped.QueryRowContext(ctx).Scan(&n)
	return n, err
}

func (s *Store) Running(ctx context.Context) (*sql.Rows, error) {
	return s.Listed.QueryContext(ctx)
}

// Reprepare writes the field through its address: which text runs is unknown.
func (s *Store) Reprepare(ctx context.Context) {
	prepareInto(ctx, s.db, &s.byAddr, `SELECT id FROM jobs WHERE status = 'failed'`)
}

func prepareInto(ctx context.Context, db *sql.DB, dst **sql.Stmt, q string) { // want prepareInto:"sql wrapper\\(param 3 -> PrepareContext on pool\\)"
	*dst, _ = db.PrepareContext(ctx, q)
}

func (s *Store) Finished(ctx context.Context) (*sql.Rows, error) {
	return s.byAddr.QueryContext(ctx)
}
