package sqlcheck

import (
	"slices"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// SessionLevel returns what a statement leaves behind on the connection
// that runs it, past its own end and its transaction's: "LISTEN", or the
// name of a session-level advisory lock function it calls
// (pg_advisory_lock, pg_try_advisory_lock, pg_advisory_unlock and their
// _shared forms, pg_advisory_unlock_all), in the order written. The
// transaction-level pg_advisory_xact_lock is not one of them.
func SessionLevel(raw RawStmt) []string {
	var out []string
	walk(raw.Node, func(n *pg.Node) bool {
		if n.GetListenStmt() != nil {
			out = append(out, "LISTEN")
		}
		if f := n.GetFuncCall(); f != nil {
			names := f.GetFuncname()
			if len(names) == 0 {
				return true
			}
			name := strings.ToLower(names[len(names)-1].GetString_().GetSval())
			if slices.Contains(sessionLockFuncs, name) {
				out = append(out, name)
			}
		}
		return true
	})
	return out
}

var sessionLockFuncs = []string{
	"pg_advisory_lock", "pg_advisory_lock_shared", "pg_try_advisory_lock", "pg_try_advisory_lock_shared",
	"pg_advisory_unlock", "pg_advisory_unlock_shared", "pg_advisory_unlock_all",
}
