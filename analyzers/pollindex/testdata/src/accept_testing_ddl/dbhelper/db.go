// Package dbhelper gives each test a database with the tables it needs.
package dbhelper

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Outbox creates the other service's outbox for a test.
func Outbox(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), `CREATE TABLE outbox_events (
		id bigserial PRIMARY KEY,
		topic text NOT NULL,
		body bytea NOT NULL,
		published_at timestamptz
	)`); err != nil {
		t.Fatal(err)
	}
}
