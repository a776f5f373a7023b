package sqlcheck

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A script for psql (docker-entrypoint-initdb.d runs *.sql files with it)
// may hold meta-commands between statements: psql runs them and the
// server never sees them. One that sends the statement typed so far (\g,
// \gset) ends it, as a semicolon does, and the rest of its line is its
// arguments (checked with psql 15: `select 41 + 1 as answer \gset` sets
// :answer to 42, `select 7 \g` prints 7).
func TestPsqlMetaCommandsAreNotSQL(t *testing.T) {
	text := "\\connect chronosched\n-- jobs\n  \\set ON_ERROR_STOP on\nCREATE TABLE jobs (id bigint); \\echo made\n" +
		"SELECT E'a\\\\b'\n\\g\n;\nCREATE INDEX jobs_id ON jobs (id);\n"
	var got []string
	for _, sp := range split(text) {
		got = append(got, strings.TrimSpace(text[sp.first:sp.end]))
	}
	require.Equal(t, []string{"CREATE TABLE jobs (id bigint);", "SELECT E'a\\\\b'", "CREATE INDEX jobs_id ON jobs (id);"}, got)
	_, errs := Parse("\\connect chronosched\n")
	require.Empty(t, errs)
	// What the parser is given starts after the meta-commands: an
	// EXPLAIN script (\echo a title, \timing on, then the query) parses.
	stmts, errs := Parse("-- how the polls run\n\\echo ''\n\\echo 'Query 1'\nSELECT 1\nFROM jobs;\n\n\\timing on\nEXPLAIN ANALYZE SELECT 2;\n")
	require.Empty(t, errs)
	require.Len(t, stmts, 2)
	inside := "SELECT 1 \\g ; SELECT 2;"
	require.Len(t, split(inside), 1, "the rest of \\g's line is its arguments, not SQL")
	// A pgTAP test keeps a function's result in a variable: each
	// statement ends at its \gset.
	stmts, errs = Parse("begin;\nselect plan(2);\nselect register_user('\n{\"alias\": \"a\"}\n') as code \\gset\nselect is(1, 1);\n")
	require.Empty(t, errs)
	require.Len(t, stmts, 4)
}
