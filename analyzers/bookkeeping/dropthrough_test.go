package bookkeeping_test

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/bookkeeping"
)

// collect keeps what analysistest complains of: a finding a command
// reports in a file of another package has no `// want` in the
// command's files.
type collect struct{ msgs []string }

func (c *collect) Errorf(format string, args ...any) {
	c.msgs = append(c.msgs, fmt.Sprintf(format, args...))
}

var unexpectedAt = regexp.MustCompile(`^(?:.*/)?(\w+/\w+\.go):(\d+):(\d+): unexpected diagnostic: (?s)(.*)$`)

// commandFindings runs bookkeeping on a command of the wiremod module
// (module mode: a store's package reads its callers in the module) and
// returns what analysistest complains of, a finding as file:line:col:
// first line.
func commandFindings(t *testing.T, cmd string) []string {
	t.Helper()
	c := &collect{}
	analysistest.Run(c, filepath.Join(analysistest.TestData(), "wiremod"), bookkeeping.Analyzer, cmd)
	var out []string
	for _, m := range c.msgs {
		if sub := unexpectedAt.FindStringSubmatch(m); sub != nil {
			first, _, _ := strings.Cut(sub[4], "\n")
			m = sub[1] + ":" + sub[2] + ":" + sub[3] + ": " + first
		}
		out = append(out, m)
	}
	return out
}

// A worker package that knows its store only by its own interface
// (runStore) drops the error of Complete after a claim through the same
// interface; only the command imports the PostgreSQL store that
// implements it, whose Complete passes on the error of a completion: the
// command reports the worker's call. Finish records the state its caller
// gives: dropped with "done" it is reported, with "failed" it is not.
// Abandon drops Complete with no claim before it: not reported.
func TestDroppedThroughCommandsInterface(t *testing.T) {
	require.Equal(t, []string{
		"worker/worker.go:50:6: the error of this completion is discarded",
		"worker/worker.go:65:6: the error of this completion is discarded",
	}, commandFindings(t, "./cmd/worker"))
}

// The command reaches the worker through a wiring package and imports
// the worker's package too: the calls both hand on are reported once
// each.
func TestDroppedThroughHandedOnTwice(t *testing.T) {
	require.Equal(t, []string{
		"worker/worker.go:50:6: the error of this completion is discarded",
		"worker/worker.go:65:6: the error of this completion is discarded",
	}, commandFindings(t, "./cmd/viawiring"))
}

// The command that may wire an in-memory store as well, whose Complete
// returns no write's error: the implementations disagree, and nothing is
// reported.
func TestDroppedThroughDisagreeing(t *testing.T) {
	require.Empty(t, commandFindings(t, "./cmd/either"))
	// Two stores that both claim from PostgreSQL, of which only one
	// passes on the error of its completion: nothing reported either.
	require.Empty(t, commandFindings(t, "./cmd/logged"))
}
