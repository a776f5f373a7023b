package queuemodel_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A database type of a required module (example.com/platform, replaced
// by a directory), whose code jobqlint does not read, runs SQL where its
// method's signature says so: the string before the ...any bind
// arguments is SQL when the method returns rows, a row or an exec result,
// or fills a destination (GetContext). No SQL site: its cache client's
// Query and Exec, which take a key and return bytes or a count; its
// FindOne, which takes two strings; the module's own named-query runner,
// whose SQL is read where it runs.
func TestDependencyWrapperBySignature(t *testing.T) {
	results := analysistest.Run(t, filepath.Join(analysistest.TestData(), "depwrappermod"), queuemodel.Analyzer, "./store")
	var m *queuemodel.Model
	var r *analysistest.Result
	for _, res := range results {
		if res.Pass.Pkg.Path() == "example.com/reminders/store" {
			m, r = res.Result.(*queuemodel.Model), res
		}
	}
	require.NotNil(t, m)
	fset := r.Pass.Fset
	var got []string
	for _, c := range m.Calls {
		s := fmt.Sprintf("%d %s %s api=%d args=%d scan=%d", fset.Position(c.Pos()).Line, c.Method, c.Receiver, c.API, len(c.Args), len(c.ScanArgs))
		if c.Unread != "" {
			s += " (" + c.Unread + ")"
		}
		for _, st := range c.Stmts {
			s += " " + st.Role.String()
		}
		got = append(got, s)
	}
	require.Equal(t, []string{
		"29 ExecContext unknown api=2 args=3 scan=0 enqueue",
		"34 Query unknown api=2 args=1 scan=3 claim", // QueryRetry: a Query by its results
		"51 Exec unknown api=2 args=1 scan=0 complete",
		"57 GetContext unknown api=0 args=1 scan=0 none",
		"63 QueryRowContext unknown api=2 args=0 scan=1 none",
	}, got)
	require.Equal(t, "status", m.Tables["public.reminders"].StateColumn)
}
