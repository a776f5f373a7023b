// Package pgxpath names pgx's packages the same way across its major
// versions. pgx v4 (github.com/jackc/pgx/v4, its pgxpool, and pgconn in a
// module of its own, github.com/jackc/pgconn) has the types and methods
// jobqlint reads in v5 (Pool, Conn, Tx, Batch, Rows, Row, CommandTag;
// Exec, Query, QueryRow, SendBatch, Begin, BeginTx, CopyFrom, Acquire), so the
// analyzers compare package paths by their v5 names. What differs is
// handled where it is read: v4's BeginFunc and BeginTxFunc are methods of
// the pool, connection and transaction, v5's are package functions.
package pgxpath

// V5 is pgx v5's module path.
const V5 = "github.com/jackc/pgx/v5"

var v4 = map[string]string{
	"github.com/jackc/pgx/v4":         V5,
	"github.com/jackc/pgx/v4/pgxpool": V5 + "/pgxpool",
	"github.com/jackc/pgconn":         V5 + "/pgconn",
}

// Canonical returns a package path with pgx v4's packages named by their
// v5 twins; any other path as it is.
func Canonical(path string) string {
	if p, ok := v4[path]; ok {
		return p
	}
	return path
}
