// A worker that puts a job back only before its handler runs (the
// resource it needs is busy, or it has none yet) or once the handler
// succeeded: no failure of the work is retried, so no attempt limit is
// missing. A failure of the handler fails the job.
package ok_xdeferworker

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"xdeferstore"
)

type jobStore interface {
	Next(ctx context.Context) (xdeferstore.Job, error)
	Acquire(ctx context.Context, key string, id int64) error
	Postpone(ctx context.Context, id int64, at time.Time) error
	Complete(ctx context.Context, id int64) error
	Fail(ctx context.Context, id int64) error
}

var _ jobStore = (*xdeferstore.Store)(nil)

type Runner struct {
	store  jobStore
	handle func(context.Context, xdeferstore.Job) error
	notify func(xdeferstore.Job) error
}

// Run polls; the handler that ran in the last turn of the loop was
// another job's.
func (r *Runner) Run(ctx context.Context) { // want Run:`wired\(ok_xdeferworker.jobStore.Fail\(worker.go:65\)\)`
	for ctx.Err() == nil {
		j, err := r.store.Next(ctx)
		if err != nil {
			continue
		}
		r.execute(ctx, j)
	}
}

func (r *Runner) execute(ctx context.Context, j xdeferstore.Job) {
	defer r.notify(j) // runs when execute returns, after the postponements
	later := func(at time.Time) {
		_ = r.store.Postpone(ctx, j.ID, at)
	}
	if j.Resource == "" {
		later(time.Now().Add(time.Hour))
		return
	}
	if err := r.store.Acquire(ctx, j.Resource, j.ID); err != nil {
		if errors.Is(err, xdeferstore.ErrBusy) {
			_ = r.store.Postpone(ctx, j.ID, time.Now().Add(time.Minute))
			return
		}
		_ = r.store.Fail(ctx, j.ID)
		return
	}
	if err := r.handle(ctx, j); err != nil {
		_ = r.store.Fail(ctx, j.ID)
		return
	}
	later(time.Now().Add(24 * time.Hour)) // the next run of a recurring job
}

// Drain defers in the loop that takes the job, before the handler of this
// turn; the handler of the last turn was another job's.
func (r *Runner) Drain(ctx context.Context) { // want Drain:`wired\(ok_xdeferworker.jobStore.Fail\(worker.go:84\)\)`
	for ctx.Err() == nil {
		j, _ := r.store.Next(ctx)
		if j.ID == 0 {
			continue
		}
		if errors.Is(r.store.Acquire(ctx, j.Resource, j.ID), xdeferstore.ErrBusy) {
			_ = r.store.Postpone(ctx, j.ID, time.Now().Add(time.Minute))
			continue
		}
		if err := r.handle(ctx, j); err != nil {
			_ = r.store.Fail(ctx, j.ID)
			continue
		}
		_ = r.store.Complete(ctx, j.ID)
	}
}

// execer is a database handle the module declares.
type execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// scanner reads a row: a row's Scan is no work.
type scanner interface{ Scan(dest ...any) error }

// Serve runs the audited loop.
func Serve(ctx context.Context, s *xdeferstore.Store, pool *pgxpool.Pool, db execer) {
	audited(ctx, s, pool, db)
}

// audited records the deferral on the pool and on a handle of its own
// before putting the job back: statements are no work.
func audited(ctx context.Context, s *xdeferstore.Store, pool *pgxpool.Pool, db execer) {
	for ctx.Err() == nil {
		j, _ := s.Next(ctx)
		if j.ID == 0 {
			continue
		}
		_, _ = pool.Exec(ctx, `INSERT INTO audit (job_id, what) VALUES ($1, 'deferred')`, j.ID)
		_, _ = db.Exec(ctx, `INSERT INTO audit (job_id, what) VALUES ($1, 'deferred')`, j.ID)
		var row scanner = db.QueryRow(ctx, `SELECT count(*) FROM audit WHERE job_id = $1`, j.ID)
		var n int
		_ = row.Scan(&n)
		_ = s.Postpone(ctx, j.ID, time.Now().Add(time.Minute))
	}
}

// Loop takes and defers in one function: the handler of the last turn
// ran before, for another job.
func Loop(ctx context.Context, s *xdeferstore.Store, handle func(xdeferstore.Job) error) {
	for ctx.Err() == nil {
		j, err := s.Next(ctx)
		if err != nil {
			continue
		}
		if err := s.Acquire(ctx, j.Resource, j.ID); errors.Is(err, xdeferstore.ErrBusy) {
			_ = s.Postpone(ctx, j.ID, time.Now().Add(time.Minute))
			continue
		}
		if err := handle(j); err != nil {
			_ = s.Fail(ctx, j.ID)
			continue
		}
		_ = s.Complete(ctx, j.ID)
	}
}
