package claimrace_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// Claims two workers can win at once.
func TestRejected(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer,
		"seed", "sqlseed", "poollock", "dblock", "cas_poll", "cas_locked_pool", "cas_tx_unlocked", "cas_alone", "fed_cas_unchecked", "fed_cas_split_unchecked", "subquery", "cte_unlocked", "wrapuse", "connlock", "cmdseed",
		"plpgsql_twostep", "plpgsql_cas",
		"states_in", "states_null", "cas_or", "subquery_unlocked", "unboundpoll_unchecked",
		"ctenested", "commitfirst", "xactlock_other", "splitmethods", "sqlcpool",
		"sprintf", "sqlxrebind", "sqlxfuncs", "cas_param_or", "rollbackfirst", "commitwrapped", "trylockpoll", "sessionlock_tx",
		"fieldsql", "anonqueries", "branchsql", "quotedhelper", "replacer",
		"iso_readcommitted", "xactlock_branch", "multiline",
		"gorm_race", "gorm_helper_race", "gorm_save_int_race", "gorm_rawrace", "gorm_commitfirst", "gorm_tx_unlocked", "gorm_v1_lock", "gorm_cas_unchecked", "gorm_tablefield", "gorm_tablefield/cmd/worker",
		"bunrace", "bunpoollock", "bun_batch_race", "gopgrace", "gopgpoollock", "buntext",
		"pop_race", "pop_helper_race", "pop_helper_int_race", "goqu_race", "goqu_exec_race", "goqu_pool_lock", "sq_race", "sq_runner_race", "sq_pool_lock", "sq_batch_race", "or_states", "cas_prepared",
		"sqlfunc_join", "plpgsql_xactlock_branch", "flavors", "flavors_pqonly")
}

// A claim whose callers choose what it runs on (sqlc's methods) is judged
// at each call, in the caller's package: a call that nothing serialises is
// reported there, naming the claim.
func TestCallersRejected(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer,
		"callers_nolock", "callers_unchecked", "callers_mixed", "callers_otherkey", "callers_lockpool", "callers_inpkg")
}

// Callers that serialise the claim with a transaction-scoped advisory lock;
// the package that holds the claim leaves it to them.
func TestCallersAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "callersdb", "ok_callers_locked", "ok_subquery_xactlock")
}

// Claims only one worker wins.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer,
		"ok_atomic", "ok_in_sql", "ok_sqlc", "ok_delete", "ok_cas_count", "ok_cas_locked", "ok_fed_cas_checked", "ok_blindtake", "ok_cas_prepared", "ok_cas_returning",
		"ok_tx", "ok_beginfunc", "ok_sqltx", "ok_advisory", "ok_recheck", "ok_dynamic", "cmd_ok",
		"ok_sqlfunc", "ok_plpgsql_locked", "ok_plpgsql_found", "ok_dynamic_body",
		"ok_states_in", "ok_cas_or", "ok_nullcas", "ok_bulkpause", "ok_subquery_cas", "ok_unboundpoll",
		"ok_fenced", "ok_fenced_in", "ok_ctenested", "ok_or_states", "ok_cte_then_outcome", "ok_xactlock", "ok_splittx", "ok_sqlctx", "ok_sqlxfuncs",
		"ok_sprintf", "ok_cas_param_or",
		"ok_fieldsql", "ok_branchsql", "ok_replacer",
		"ok_isolation", "ok_iso_unread", "ok_xactlock_cases",
		"ok_gorm_tx", "ok_gorm_helper", "ok_gorm_save_int_locked", "ok_gorm_begin", "ok_gorm_plain", "ok_gorm_serializable", "ok_gorm_cas", "ok_gorm_tablefield", "ok_gorm_tablefield/cmd/worker",
		"ok_bun", "ok_bun_batch", "ok_gopg",
		"ok_pop_skiplocked", "ok_pop_atomic", "ok_pop_helper", "ok_pop_helper_int", "ok_sq_skiplocked", "ok_sq_batch", "ok_goqu_skiplocked", "ok_goqu_tx", "ok_goqu_txdb",
		"ok_sqlfunc_serializable", "ok_sqlfunc_iso_unread", "ok_plpgsql_xactlock", "ok_plpgsql_arms", "ok_testrace")
}

// A claim in a function body is reported where it is written, with the Go
// call that runs the function as a related position.
func TestBodyFindingRelatesTheGoCall(t *testing.T) {
	results := ruletest.Run(t, claimrace.Analyzer, "plpgsql_twostep")
	require.Len(t, results[0].Diagnostics, 1)
	d := results[0].Diagnostics[0]
	fset := results[0].Pass.Fset
	at := fset.Position(d.Pos)
	require.Equal(t, "001_jobs.sql", filepath.Base(at.Filename))
	require.Equal(t, 13, at.Line)
	require.Equal(t, 3, at.Column)
	require.Len(t, d.Related, 2)
	step, call := fset.Position(d.Related[0].Pos), fset.Position(d.Related[1].Pos)
	require.Equal(t, 15, step.Line, "the UPDATE that takes the job")
	require.Equal(t, "worker.go", filepath.Base(call.Filename))
	require.Equal(t, 11, call.Line)
	require.Contains(t, d.Related[1].Message, "public.claim_job")
}

// Named queries (goyesql's `-- name:` files) are read where Go runs them:
// a statement field ScanToStruct prepared, a lookup in the queries map,
// a query dotsql runs.
func TestNamedQueries(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "goyesql_fields", "goyesql_map", "dotsql_seed")
	ruletest.Run(t, claimrace.Analyzer, "ok_goyesql", "ok_goyesql_tx", "ok_dotsql")
}

// A store's poll and take, two methods on the pool, called in turn by a
// worker in another package: reported at the worker's call of the poll.
// Accepted in splitworker: a compare-and-set take, an advisory lock the
// caller takes, halves run on the caller's transaction, a job used before
// it is taken (a listing acted on), a move to an outcome, a take of a job
// the poll did not return; in splitnullworker, a take that re-checks a
// NULL state.
func TestSplitAcrossPackages(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "splitworker", "splitlockedworker", "splitnullworker", "splitowntxworker", "ok_splitowntxworker")
}

// The same with GORM, the take a repository's helper that writes the
// state its caller gives as a typed constant of another package: the
// worker's Running makes it the take. The command that wires the
// repository's handle judges it, at the worker's function. Accepted: a
// compare-and-set from the pending state whose outcome the worker checks
// (RunCAS).
func TestGormSplitAcrossPackages(t *testing.T) {
	require.Equal(t, []string{
		"worker/worker.go:14: two workers can claim the same job",
	}, farFindings(t, "gormsplit/cmd/worker"))
	ruletest.Run(t, claimrace.Analyzer, "gormsplit/worker")
}

// Halves that run on a Querier their caller hands them are judged with
// what the caller hands: the pool itself is reported (querierworker); a
// REPEATABLE READ transaction, a parameter out of sight, a value that may
// be the pool or a transaction, and an interface one of whose
// implementations runs on a Querier of its own are not (ok_querierworker).
func TestSplitOnCallersQuerier(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "querierworker", "ok_querierworker")
}

// A relay that calls its store's halves through an interface, handing
// them what a pool wrapper, kept in another interface, returns: the
// wrapper's method returns the *sql.DB, so both halves run on the pool.
func TestSplitOnQuerierFromInterface(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "querierrelaymod"), claimrace.Analyzer, "./...")
}

// GORM's generic API: an unlocked First then an Update is the race; a
// SKIP LOCKED First and the Update in one Transaction is a claim.
func TestGormGeneric(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "gorm_generic_race", "ok_gorm_generic_tx")
}

// A transaction a helper carries in the context (RunInTx stores it with
// context.WithValue; the queries take it out again, or fall back to the
// pool): its isolation level decides an unlocked two-step claim.
func TestContextTransactions(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ctxtx_readcommitted")
	ruletest.Run(t, claimrace.Analyzer, "ok_ctxtx", "ok_ctxtx_repeatable")
}

// SQL written with ? parameters in a module that also registers SQLite is
// judged where a helper of the store numbers them on the way to the call
// (a dialect's rebind, called through an interface), and not where
// nothing does: lib/pq would send the ? as it is.
func TestDialectRebind(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "dialectrebind", "accept_dialectnorebind")
}

// goqu's executor on the TxDatabase a Database's Begin returns keeps the
// Database's dialect: its unlocked SELECT and UPDATE are read, and the
// race between them reported.
func TestGoquTxDatabaseFromBegin(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "goqu_txdb_race")
}
