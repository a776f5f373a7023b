package ssavalues // want package:"queues\\(public.jobs\\)"

// A queue whose SQL only SSA reads: queries in struct fields and package
// variables, a column list joined in a package variable, a lock clause
// chosen by an option, states passed to a helper; and SQL out of sight.

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Status string

const (
	Queued  Status = "queued"
	Running Status = "running"
	Done    Status = "done"
	Failed  Status = "failed"
)

var columns = strings.Join([]string{"id", "kind", "payload"}, ", ")

var enqueueSQL = strings.ReplaceAll("INSERT INTO jobs (kind, payload, status) VALUES ($1, $2, '{state}')", "{state}", string(Queued))

type queries struct {
	poll, take string
}

type Store struct {
	pool *pgxpool.Pool
	sql  queries
	Opts Options
}

// Options is exported: code out of sight may set its fields.
type Options struct{ Extra string }

func NewStore(pool *pgxpool.Pool, wait bool) *Store {
	lock := "FOR UPDATE SKIP LOCKED"
	if wait {
		lock = "FOR UPDATE"
	}
	return &Store{pool: pool, sql: queries{
		poll: "SELECT " + columns + " FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 " + lock,
		take: "UPDATE jobs SET status = 'running' WHERE id = $1",
	}}
}

func (s *Store) Enqueue(ctx context.Context, kind string, payload []byte) error {
	_, err := s.pool.Exec(ctx, enqueueSQL, kind, payload)
	return err
}

func (s *Store) Claim(ctx context.Context) (int64, error) { // want Claim:"claims jobs"
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	var id int64
	var kind string
	var payload []byte
	if err := tx.QueryRow(ctx, s.sql.poll).Scan(&id, &kind, &payload); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, s.sql.take, id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}

func (s *Store) setState(ctx context.Context, id int64, st Status) error { // want setState:"completes jobs, fails jobs, writes outcomes"
	_, err := s.pool.Exec(ctx, "UPDATE jobs SET status = $2 WHERE id = $1", id, st)
	return err
}

func (s *Store) Finish(ctx context.Context, id int64, attempts int, runErr error) error { // want Finish:"completes jobs, fails jobs"
	if runErr == nil {
		return s.setState(ctx, id, Done)
	}
	if attempts >= 5 {
		return s.setState(ctx, id, Failed)
	}
	return s.setState(ctx, id, Queued)
}

// Out of sight: an exported function's parameter, an exported field.
func (s *Store) Run(ctx context.Context, query string) error {
	_, err := s.pool.Exec(ctx, query+" -- run")
	return err
}

func (s *Store) Extra(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, "SELECT 1 "+s.Opts.Extra)
	return err
}
