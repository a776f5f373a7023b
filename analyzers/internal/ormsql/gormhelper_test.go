package ormsql_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql/testdata/src/gormchains"
)

// A helper that adds a condition on one path only is a statement per
// path, as a branch in the caller's own chain is: both are GORM's, and
// each binds its own values (the helper's parameter, the caller's).
func TestGormHelperVariants(t *testing.T) {
	db := dryRun(t)
	var sent []string
	record := func(tx *gorm.DB) { sent = append(sent, tx.Statement.SQL.String()) }
	require.NoError(t, db.Callback().Query().After("*").Register("record", record))
	s := gormchains.NewStore(db)
	var jobs []gormchains.Job
	s.PollMaybeQueue(context.Background(), "", &jobs)
	s.PollMaybeQueue(context.Background(), "mail", &jobs)
	require.Len(t, sent, 2)

	got := readAll(t, "gormchains")["PollMaybeQueue"]
	require.Len(t, got, 1)
	require.True(t, got[0].Known, got[0].Unread)
	read := []string{got[0].SQL}
	args := [][]string{exprs(got[0].Args)}
	for _, v := range got[0].Variants {
		read = append(read, v.SQL)
		args = append(args, exprs(v.Args))
	}
	require.ElementsMatch(t, sent, read)
	require.ElementsMatch(t, [][]string{{`"queued"`}, {"queue", `"queued"`}}, args)
}

// Where the helpers' and scopes' clauses go, and what stays unread.
func TestGormHelperChainsRead(t *testing.T) {
	got := readAll(t, "gormchains")
	claim := got["ClaimThroughHelper"]
	require.Len(t, claim, 1)
	require.Equal(t, []string{`"queued"`, "10"}, exprs(claim[0].Args))
	scoped := got["ScopedPoll"]
	require.Len(t, scoped, 1)
	// Scopes run when the statement is sent: the chain's Where binds
	// first, then the scopes', then FirstN's limit (its parameter n).
	require.Equal(t, []string{`"mail"`, `"queued"`, "n"}, exprs(scoped[0].Args))
}

// What makes a chain kept in a field readable or not: GORM copies a new
// session's statement for each statement sent on it, and adds to any
// other chain in place, so that a second poll carries the first one's
// condition too. (Dry-run mode keeps the first SQL text it built on such
// a chain, so the conditions are counted on the statement.)
func TestGormFieldChains(t *testing.T) {
	db := dryRun(t)
	conds := func(tx *gorm.DB) int {
		return len(tx.Statement.Clauses["WHERE"].Expression.(clause.Where).Exprs)
	}
	var jobs []gormchains.Job
	p := gormchains.NewPrepared(db)
	require.Equal(t, 2, conds(p.PollPrepared(&jobs)))
	require.Equal(t, 2, conds(p.PollPrepared(&jobs)))
	q := gormchains.NewPiling(db)
	require.Equal(t, 1, conds(q.PollPiling(&jobs)))
	require.Equal(t, 2, conds(q.PollPiling(&jobs)))
}
