package querierstore

import (
	"context"
	"database/sql"
)

// DBTX is what *sql.DB and *sql.Tx both have.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type SQLDB struct{ db *sql.DB }

// Session hands out a REPEATABLE READ transaction when asked for a
// snapshot, the pool otherwise.
func (d *SQLDB) Session(ctx context.Context, snapshot bool) (DBTX, error) {
	if !snapshot {
		return d.db, nil
	}
	return d.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead})
}

type Tasks struct{}

func (Tasks) Add(ctx context.Context, q DBTX, body string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO tasks (state, body) VALUES ('ready', $1)`, body)
	return err
}

func (Tasks) Next(ctx context.Context, q DBTX) (int64, string, error) {
	var id int64
	var body string
	err := q.QueryRowContext(ctx, `SELECT id, body FROM tasks WHERE state = 'ready' ORDER BY id LIMIT 1`).Scan(&id, &body)
	return id, body, err
}

func (Tasks) Take(ctx context.Context, q DBTX, id int64) error {
	_, err := q.ExecContext(ctx, `UPDATE tasks SET state = 'taken' WHERE id = $1`, id)
	return err
}
