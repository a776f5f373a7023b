// Each due job is taken in one statement that skips the rows another
// scheduler holds, before its handler runs.
package ok_due_skiplocked

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler func(ctx context.Context, payload []byte) error

func RunNext(ctx context.Context, pool *pgxpool.Pool, h Handler) error {
	var id int64
	var payload []byte
	err := pool.QueryRow(ctx, `DELETE FROM scheduled_jobs WHERE id = (
		SELECT id FROM scheduled_jobs WHERE run_at <= now() ORDER BY run_at FOR UPDATE SKIP LOCKED LIMIT 1
	) RETURNING id, payload`).Scan(&id, &payload)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	return h(ctx, payload)
}
