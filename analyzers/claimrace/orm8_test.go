package claimrace_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// github.com/nleof/goyesql parses a `-- name:` file into a map from name
// to SQL text: a lookup by a constant name is that block, in a local
// variable or a struct field. A name no file defines stays unread.
func TestNamedQueriesStringMap(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "goyesql_stringmap")
	ruletest.Run(t, claimrace.Analyzer, "ok_goyesql_stringmap")
}

// A GORM store holds its *gorm.DB in a field: a pool when the command
// gives its constructor what a helper of another package opened with
// gorm.Open. Its SKIP LOCKED poll and its mark, called in turn by a relay
// through an interface, each commit on their own.
func TestGormStoreField(t *testing.T) {
	require.Equal(t, []string{
		"gormfield_worker/relay.go:26: Pending's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns",
	}, farFindings(t, "gormfield_cmd"))
}

// A store that opens its GORM pool into its field itself (through Debug),
// and calls its unlocked poll and then its take.
func TestGormStoreFieldLocal(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "gormfield_local")
}

// The same relay run on a store made on a transaction (Transaction's, one
// Begin starts, or what a helper returns when given one), a claim in one
// Transaction on a field the store opens, a read of a settings table: all
// silent, as are the packages that cannot tell what the field holds.
func TestGormStoreFieldAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "gormfield_txcmd", "gormfield_begincmd", "gormfield_usecmd", "gormfield_worker", "gormfield_store",
		"gormfield_db", "ok_gormfield_claim")
}

// sqlboiler's generated models: an unlocked poll of pending mails then
// each marked by the model's Update in the same transaction races; the
// same poll with qm.For("UPDATE SKIP LOCKED") does not.
func TestSQLBoilerClaim(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "boil_race")
	ruletest.Run(t, claimrace.Analyzer, "ok_boil_skiplocked")
}
