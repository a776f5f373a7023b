package ok_testreclaim

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

func requeueExpired(t *testing.T, ctx context.Context, pool *pgxpool.Pool) {
	if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`); err != nil {
		t.Fatal(err)
	}
}
