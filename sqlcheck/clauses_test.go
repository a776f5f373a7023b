package sqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A clause is placed at its keyword in the whole text, for the statement's
// own clauses; a clause the statement lacks, or one of a subquery only, is
// not placed.
func TestClausePlaces(t *testing.T) {
	text := "SELECT 1;\n" +
		"UPDATE jobs\n" +
		"   SET status = 'running'\n" +
		" WHERE id = (SELECT id FROM jobs WHERE status = 'queued'\n" +
		"   ORDER BY run_at LIMIT 1)\n" +
		"RETURNING id;\n" +
		"select id from jobs where status = 'queued' order  by\n\trun_at limit 1;\n" +
		"DELETE FROM jobs"
	raws, errs := Parse(text)
	require.Empty(t, errs)
	var stmts []*Stmt
	for _, raw := range raws {
		if st := Facts(raw); st != nil {
			stmts = append(stmts, st)
		}
	}
	require.Len(t, stmts, 4)
	at := func(st *Stmt, c Clause) string {
		off, ok := st.At(c)
		if !ok {
			return ""
		}
		return text[off : off+5]
	}
	require.Equal(t, "SET s", at(stmts[1], ClauseSet))
	require.Equal(t, "WHERE", at(stmts[1], ClauseWhere))
	off, _ := stmts[1].At(ClauseWhere)
	require.Equal(t, len("SELECT 1;\nUPDATE jobs\n   SET status = 'running'\n "), off)
	require.Equal(t, "", at(stmts[1], ClauseOrderBy), "the subquery's ORDER BY is not the UPDATE's")
	require.Equal(t, "where", at(stmts[2], ClauseWhere))
	require.Equal(t, "order", at(stmts[2], ClauseOrderBy))
	require.Equal(t, "", at(stmts[2], ClauseSet))
	require.Equal(t, "", at(stmts[3], ClauseWhere))
	require.Equal(t, "", at(stmts[0], ClauseWhere))
}
