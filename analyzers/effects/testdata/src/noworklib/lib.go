// want package:"nowork Clock Queries.Done Spawn Store.Load Store.Mark}"

// A store's methods, summarized for another package of the module: the
// ones that only run their SQL and read the clock do no work.
package noworklib

import (
	"context"
	"database/sql"
	"net/http"
	"time"
)

type scanner interface{ Scan(dest ...any) error }

type Store struct {
	db  *sql.DB
	now func() time.Time
}

func (s *Store) Mark(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET state = 'done', done_at = $2 WHERE id = $1`, id, s.now())
	return err
}

func (s *Store) Load(ctx context.Context, id int64) (int64, error) {
	return scanID(s.db.QueryRowContext(ctx, `SELECT id FROM jobs WHERE id = $1`, id))
}

func scanID(row scanner) (int64, error) {
	var id int64
	err := row.Scan(&id)
	return id, err
}

// Notify posts to a URL: the standard library reaching out of the process.
func Notify(url string) error {
	_, err := http.Get(url)
	return err
}

// Run calls a function value that may fail: a handler.
func Run(handle func() error) error { return handle() }

// Spawn starts a goroutine of the module's that does no work.
func Spawn(ctx context.Context, s *Store) {
	go s.Mark(ctx, 1)
}

// SpawnValue starts a function value: it cannot fail, but runs out of sight.
func SpawnValue(f func()) {
	go f()
}

// Clock calls a function value that cannot fail.
func Clock(now func() time.Time) time.Time { return now() }

type Handler interface {
	Handle(ctx context.Context) error
}

// Dispatch calls an interface of the module: out of sight.
func Dispatch(ctx context.Context, h Handler) error { return h.Handle(ctx) }

// DBTX is the handle sqlc's Queries runs on: an interface of the module
// whose methods are statements.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type Queries struct{ db DBTX }

func (q *Queries) Done(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id)
	return err
}
