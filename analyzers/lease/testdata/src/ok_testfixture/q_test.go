package ok_testfixture

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

func TestReclaimTakesStuckJobs(t *testing.T) {
	ctx := context.Background()
	var pool *pgxpool.Pool
	if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)`); err != nil {
		t.Fatal(err)
	}
	if err := Reclaim(ctx, pool); err != nil {
		t.Fatal(err)
	}
}
