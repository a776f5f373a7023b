package calls // want package:"queues\\(public.jobs\\)"

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	columns = "id, payload"
	poll    = "SELECT " + columns + " FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1"
)

var markRunning = `UPDATE jobs SET status = 'running' WHERE id = $1`

var reassigned = "SELECT 1"

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

func pgxCalls(ctx context.Context, pool *pgxpool.Pool, conn *pgx.Conn, tx pgx.Tx, db DBTX) { // want pgxCalls:"claims jobs"
	var id int64
	var payload []byte
	pool.QueryRow(ctx, poll).Scan(&id, &payload)
	pool.Exec(ctx, markRunning, id)
	row := conn.QueryRow(ctx, "SELECT payload FROM jobs WHERE id = $1", id)
	row.Scan(&payload)
	tx.Exec(ctx, "INSERT INTO jobs (kind) VALUES ($1)", "email")
	b := &pgx.Batch{}
	b.Queue("DELETE FROM jobs WHERE id = $1", id)
	db.Exec(ctx, "UPDATE jobs SET status = 'done' WHERE id = $1", id)
	reassigned = "SELECT 2"
	pool.Exec(ctx, reassigned)
	pool.Exec(ctx, fmt.Sprintf("SELECT * FROM %s", "jobs"))
	pool.Exec(ctx, "SELEC oops")
}

func sqlCalls(ctx context.Context, db *sql.DB, tx *sql.Tx, conn *sql.Conn) { // want sqlCalls:"fails jobs, writes outcomes"
	local := "UPDATE jobs SET status = 'failed' WHERE id = $1"
	db.ExecContext(ctx, local, 1)
	tx.Exec("UPDATE jobs SET attempts = attempts + 1 WHERE id = $1", 1)
	conn.QueryRowContext(ctx, "SELECT 1")
	db.Prepare("SELECT run_at FROM jobs WHERE id = $1")
}

// exec is a wrapper: its callers' strings are SQL.
func exec(ctx context.Context, pool *pgxpool.Pool, q string, args ...any) error { // want exec:"sql wrapper\\(param 2 -> Exec on pool\\)"
	_, err := pool.Exec(ctx, q, args...)
	return err
}

// execTwice wraps the wrapper.
func execTwice(ctx context.Context, pool *pgxpool.Pool, q string) { // want execTwice:"sql wrapper\\(param 2 -> Exec on pool\\)"
	exec(ctx, pool, q)
	exec(ctx, pool, q)
}

func viaWrappers(ctx context.Context, pool *pgxpool.Pool) { // want viaWrappers:"fails jobs, writes outcomes"
	exec(ctx, pool, "UPDATE jobs SET status = 'queued' WHERE id = $1", 1)
	execTwice(ctx, pool, "DELETE FROM jobs WHERE status = 'done'")
}

func prepared(ctx context.Context, db *sql.DB) error {
	stmt, err := db.PrepareContext(ctx, "SELECT id FROM jobs WHERE id = $1")
	if err != nil {
		return err
	}
	var id int64
	return stmt.QueryRowContext(ctx, 1).Scan(&id)
}

func preparedByName(ctx context.Context, conn *pgx.Conn) error {
	if _, err := conn.Exec(ctx, "PREPARE get_job AS SELECT 1"); err != nil {
		return err
	}
	var n int
	return conn.QueryRow(ctx, "get_job").Scan(&n) // a statement name, not SQL
}
