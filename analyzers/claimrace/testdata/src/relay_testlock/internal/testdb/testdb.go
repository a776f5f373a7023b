// Package testdb creates the tests' database once, however many test
// binaries run at the same time.
package testdb

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Setup(t *testing.T, admin *pgxpool.Pool) {
	t.Helper()
	ctx := context.Background()
	conn, err := admin.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(4242)`); err != nil {
		t.Fatal(err)
	}
	defer conn.Exec(ctx, `SELECT pg_advisory_unlock(4242)`)
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS outbox (id bigserial PRIMARY KEY, payload bytea NOT NULL, published_at timestamptz)`); err != nil {
		t.Fatal(err)
	}
}
