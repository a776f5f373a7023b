// The lease deadline is bound as a nullable timestamp: pgx's
// pgtype.Timestamptz in the parameters struct sqlc generates for a
// nullable timestamptz column, or database/sql's NullTime. The reclaimer
// compares it with a Go time. (A lease in a timestamp column is
// pgtype.Timestamp.)
package ok_timeparam_nullable

import (
	"context"
	"database/sql"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
)

type ClaimDueParams struct {
	Limit       int32
	LeasedUntil pgtype.Timestamptz
}

func ClaimDue(ctx context.Context, pool *pgxpool.Pool, arg ClaimDueParams) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE deliveries SET state = 'delivering', leased_until = $2
		WHERE id IN (SELECT id FROM deliveries WHERE state = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING id`,
		arg.Limit, arg.LeasedUntil).Scan(&id)
	return id, err
}

func ReclaimExpired(ctx context.Context, pool *pgxpool.Pool, now time.Time) error {
	_, err := pool.Exec(ctx, `UPDATE deliveries SET state = 'pending', leased_until = NULL
		WHERE state = 'delivering' AND leased_until IS NOT NULL AND leased_until < $1`, now)
	return err
}

func ClaimTasks(ctx context.Context, db *sql.DB, limit int, until sql.NullTime) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE tasks SET status = 'running', locked_until = $2
		WHERE id IN (SELECT id FROM tasks WHERE status = 'queued' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING id`,
		limit, until)
}

func ReclaimTasks(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET status = 'queued', locked_until = NULL
		WHERE status = 'running' AND locked_until IS NOT NULL AND locked_until < $1`, time.Now())
	return err
}

// A lease in a timestamp column, bound as pgtype.Timestamp.
func ClaimExports(ctx context.Context, pool *pgxpool.Pool, limit int32, until pgtype.Timestamp) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE exports SET state = 'exporting', leased_until = $2
		WHERE id IN (SELECT id FROM exports WHERE state = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING id`,
		limit, until).Scan(&id)
	return id, err
}

func ReclaimExports(ctx context.Context, pool *pgxpool.Pool, now time.Time) error {
	_, err := pool.Exec(ctx, `UPDATE exports SET state = 'pending', leased_until = NULL
		WHERE state = 'exporting' AND leased_until IS NOT NULL AND leased_until < $1`, now)
	return err
}
