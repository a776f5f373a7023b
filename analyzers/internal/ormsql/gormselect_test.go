package ormsql_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql/testdata/src/gormchains"
)

// One Select text with a comma is one name to GORM, no column of the
// model: its update writes the update time alone, so the reader leaves
// the chain unread rather than read an outcome GORM does not write.
func TestGormSelectText(t *testing.T) {
	db := dryRun(t)
	job := gormchains.Failure{ID: 5, Status: "failed", Error: "boom"}
	tx := db.Model(&job).Select("status, error").Updates(job)
	require.Equal(t, `UPDATE "failures" SET "updated_at"=$1 WHERE "id" = $2`, tx.Statement.SQL.String())
}

// The struct an update after Select writes is read on SSA as Save's is:
// the status stored before it is bound to its column, whether GORM is
// given a copy of the struct (read where the copy is made, after the
// chain's own Model took its address) or the address itself; a call
// given the address in between leaves it unknown.
func TestGormSelectFieldConstants(t *testing.T) {
	got := readAll(t, "gormchains")
	one := func(fn string) (map[int]string, map[string]bool) {
		rs := got[fn]
		require.Len(t, rs, 1, fn)
		require.True(t, rs[0].Known, fn)
		return rs[0].Consts, rs[0].Written
	}
	consts, written := one("SelectOutcome")
	require.Equal(t, map[int]string{1: "failed"}, consts)
	require.Equal(t, map[string]bool{"status": true, "error": false, "updated_at": true}, written)
	consts, _ = one("SelectOutcomeOwn")
	require.Equal(t, map[int]string{1: "dead"}, consts)
	consts, _ = one("SelectAfterCall")
	require.Empty(t, consts)
	// A literal's fields are the arguments themselves.
	lit := got["SelectLiteral"]
	require.Len(t, lit, 1)
	require.Equal(t, `"failed"`, lit[0].args[0])
}
