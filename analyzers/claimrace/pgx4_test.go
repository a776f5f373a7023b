package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// pgx v4's pools, connections and transactions are pgx v5's: the lock on
// a pool that ends with the SELECT, and an unlocked read and take in a
// transaction begun by hand; a shared module over pgx v4, read by its
// methods' results; a table name quoted by v4's pgx.Identifier.
func TestPgx4Rejected(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "pgx4_poollock", "pgx4_race", "pgx4_depwrapper_race", "pgx4_quotedhelper")
}

// v4's BeginFunc and BeginTxFunc are methods: the transaction they begin
// holds the lock, and its isolation level is read from the options.
func TestPgx4Accepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_pgx4_beginfunc", "ok_pgx4_isolation")
}
