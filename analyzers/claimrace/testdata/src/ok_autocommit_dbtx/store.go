// The poll runs on a DBTX its callers choose (a pool or a transaction):
// with no caller in sight, the tool cannot say the lock ends. The poll is
// handed on to the callers (a fact), which no package here is.
package ok_autocommit_dbtx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

type Store struct{ db DBTX }

func New(db DBTX) *Store { return &Store{db: db} }

func (s *Store) Add(ctx context.Context) error {
	_, err := s.db.Exec(ctx, `INSERT INTO tasks (state) VALUES ('new')`)
	return err
}

func (s *Store) Next(ctx context.Context) ([]int64, error) { // want Next:`pending claims\(store.go:28\)`
	rows, err := s.db.Query(ctx, `SELECT id FROM tasks WHERE state = 'new' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

func (s *Store) Done(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1`, id)
	return err
}
