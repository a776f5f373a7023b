package callersdb

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A test runs the claim to check it: it does not keep the claim in this
// package.
func TestClaimNext(t *testing.T) {
	var pool *pgxpool.Pool
	if _, err := New(pool).ClaimNext(context.Background(), "default"); err != nil {
		t.Fatal(err)
	}
}
