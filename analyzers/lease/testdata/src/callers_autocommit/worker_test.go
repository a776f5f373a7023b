package callers_autocommit

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"leasedb"
)

// A test's call is not how the program runs the claim: not judged.
func TestClaim(t *testing.T) {
	var pool *pgxpool.Pool
	if _, err := leasedb.New(pool).ClaimNext(context.Background(), "default"); err != nil {
		t.Fatal(err)
	}
}
