package pinnedconn_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pinnedconn"
)

// Designs the rule rejects: LISTEN or a session-level advisory lock run
// on a pool (pgxpool, *sql.DB, *sqlx.DB), directly or through a helper.
func TestRejected(t *testing.T) {
	ruletest.Run(t, pinnedconn.Analyzer, "leader", "listen", "dbsql", "sqlxlock", "wrapped", "jsonbkey", "sqlxnamed", "listenparam")
}

// Designs it accepts: one connection held from lock to unlock (Acquire,
// *sql.Conn, pgx.Connect), a transaction-level lock in a transaction, and
// an interface that may be a connection.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, pinnedconn.Analyzer, "accept_acquire", "accept_sqlconn", "accept_connect", "accept_xact", "accept_iface", "accept_pool", "accept_poolxact", "accept_listenparam")
}
