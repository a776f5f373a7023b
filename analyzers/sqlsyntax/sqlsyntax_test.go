package sqlsyntax_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/sqlsyntax"
)

func TestSyntax(t *testing.T) {
	ruletest.Run(t, sqlsyntax.Analyzer, "badgo", "badmigration", "otherdialect", "badbody", "badsqlc", "pqsyntax", "pgxnamed")
}

// A string variable that a switch sets in its cases only keeps its zero
// value on a path the code may never take: a text built with it is not
// judged; the texts its cases give, and an empty string written in the
// code, are.
func TestZeroValueLeftBySwitch(t *testing.T) {
	ruletest.Run(t, sqlsyntax.Analyzer, "switchzero")
}

// A migration the program fills in (fmt verbs, text/template) is not SQL
// until then: never a syntax finding.
func TestTemplatesAreNotSyntaxErrors(t *testing.T) {
	ruletest.Run(t, sqlsyntax.Analyzer, "templates")
}

// A goyesql query the program edits before it is prepared (a %s filled
// with fmt.Sprintf, a query put in its place) is not the file's text: not
// judged; nor is any query when the program edits one whose name it
// computes. A query left alone is judged where it runs.
func TestEditedNamedQueries(t *testing.T) {
	ruletest.Run(t, sqlsyntax.Analyzer, "goyesqledit", "goyesqleditany")
}

// database/sql in a module that registers lib/pq and SQLite may talk to
// SQLite: its SQL is not judged by PostgreSQL's parser.
func TestDatabaseSQLThatMayTalkToAnotherDatabase(t *testing.T) {
	ruletest.Run(t, sqlsyntax.Analyzer, "accept_pqsqlite")
}

// A finding points at the word the parser stopped at: in a raw string (on
// its second line here) and in an interpreted one without escapes. With an
// escape (\n) a byte of the value is no longer a byte of the file: the
// finding points at the literal.
func TestErrorPosition(t *testing.T) {
	results := ruletest.Run(t, sqlsyntax.Analyzer, "errpos")
	var got []string
	for _, d := range results[0].Diagnostics {
		p := results[0].Pass.Fset.Position(d.Pos)
		got = append(got, fmt.Sprintf("%d:%d", p.Line, p.Column))
	}
	require.Equal(t, []string{"13:30", "18:62", "23:27"}, got)
}

// A value a helper returns only with a non-nil error never reaches a query
// used where the error is nil, and is a hole where the error is ignored;
// the empty text a helper returns for a run-time length of zero is a hole.
// A broken name returned with a nil error and an IN list that is really
// empty (a constant, or the helper given a constant zero) are reported.
func TestErrorPathAndRunTimeLengthValues(t *testing.T) {
	ruletest.Run(t, sqlsyntax.Analyzer, "errpath")
}
