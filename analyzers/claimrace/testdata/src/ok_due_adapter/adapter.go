// A queue library's own database abstraction: the due row is read FOR
// UPDATE SKIP LOCKED on whatever the caller gives (a transaction, as the
// library's users do), run, and deleted. What the lock lasts for is the
// caller's to say.
package ok_due_adapter

import "context"

type Row interface{ Scan(dest ...any) error }
type CommandTag interface{ RowsAffected() int64 }

type Queryable interface {
	Exec(ctx context.Context, query string, args ...any) (CommandTag, error)
	QueryRow(ctx context.Context, query string, args ...any) Row
}

type WorkFunc func(ctx context.Context, args []byte) error

func WorkOne(ctx context.Context, q Queryable, work WorkFunc) error {
	var id int64
	var args []byte
	if err := q.QueryRow(ctx, `SELECT id, args FROM jobs WHERE run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &args); err != nil {
		return err
	}
	if err := work(ctx, args); err != nil {
		return err
	}
	_, err := q.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}
