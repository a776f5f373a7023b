package ok_rbtest

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

func check(payload []byte) error { return nil }

func TestLocked(t *testing.T) {
	var pool *pgxpool.Pool
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var payload []byte
	if err := tx.QueryRow(ctx, `SELECT payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&payload); err != nil {
		t.Fatal(err)
	}
	if err := check(payload); err != nil {
		_ = tx.Rollback(ctx)
		t.Fatal(err)
	}
	_ = tx.Rollback(ctx)
}
