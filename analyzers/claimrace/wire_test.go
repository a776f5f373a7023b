package claimrace_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
)

// modFindings runs claimrace on every package of a module under testdata
// and returns, as farFindings does, the findings no `// want` expects:
// those a command reports at a function of another package.
func modFindings(t *testing.T, mod string) []string {
	t.Helper()
	c := &collect{}
	analysistest.Run(c, filepath.Join(analysistest.TestData(), mod), claimrace.Analyzer, "./...")
	var out []string
	for _, m := range c.msgs {
		sub := unexpectedAt.FindStringSubmatch(m)
		if sub == nil {
			out = append(out, m)
			continue
		}
		first, _, _ := strings.Cut(sub[3], "\n")
		out = append(out, sub[1]+":"+sub[2]+": "+first)
	}
	return out
}

// A relay that holds sqlc's Queries in a field its exported constructor
// sets (poller.New(queries)), built by the server command with New on a
// *sql.DB, polls unlocked, publishes, then marks: the command reports it
// at the function that calls the poll and the mark.
func TestWiredQueries(t *testing.T) {
	require.Equal(t, []string{
		"poller/poller.go:28: two relays read the same unmarked rows: each hands them on before either marks them",
	}, modFindings(t, "wiremod"))
}

// The same relay polling with FOR UPDATE SKIP LOCKED: the server that
// builds the Queries on the pool is reported (the lock ends with the
// SELECT); the one that builds them with New(tx) in a transaction it
// commits after the marks, and one that builds two pollers, on the pool
// and with WithTx(tx), are not.
func TestWiredQueriesLocked(t *testing.T) {
	require.Equal(t, []string{
		"poller/poller.go:29: LockPendingOutboxEntries's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns",
	}, modFindings(t, "wiretxmod"))
}
