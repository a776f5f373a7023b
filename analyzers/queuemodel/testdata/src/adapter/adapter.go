package adapter // want package:"queues\\(public.jobs\\)"

import "context"

// A queue library's own database abstraction (as gue has): its methods
// return the library's types, not pgx's, but Exec, Query and QueryRow
// taking SQL make it a database.
type CommandTag interface{ RowsAffected() int64 }
type Row interface{ Scan(dest ...any) error }
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Close()
}

type Queryable interface {
	Exec(ctx context.Context, query string, args ...any) (CommandTag, error)
	QueryRow(ctx context.Context, query string, args ...any) Row
	Query(ctx context.Context, query string, args ...any) (Rows, error)
}

// Only one SQL-like method: not recognized (a template engine, a script runner...).
type Runner interface {
	Exec(ctx context.Context, script string) error
}

func Lock(ctx context.Context, q Queryable, r Runner, queue string) (id int64, err error) { // want Lock:"claims jobs"
	err = q.QueryRow(ctx, `SELECT id FROM jobs WHERE queue = $1 AND run_at <= now()
		ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`, queue).Scan(&id)
	if err != nil {
		return 0, err
	}
	if err := r.Exec(ctx, "echo hello"); err != nil {
		return 0, err
	}
	_, err = q.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return id, err
}
