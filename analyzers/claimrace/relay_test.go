package claimrace_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// collect is an analysistest.Testing that keeps what analysistest
// complains of: a finding a command reports at a function of another
// package has no `// want` in the command's files.
type collect struct{ msgs []string }

func (c *collect) Errorf(format string, args ...any) {
	c.msgs = append(c.msgs, fmt.Sprintf(format, args...))
}

var unexpectedAt = regexp.MustCompile(`^(?:.*/)?(\w+/\w+\.go):(\d+):\d+: unexpected diagnostic: (?s)(.*)$`)

// farFindings runs claimrace on a command and returns its findings as
// file:line: first line of the message.
func farFindings(t *testing.T, cmd string) []string {
	t.Helper()
	c := &collect{}
	analysistest.Run(c, ruletest.GOPATH(t), claimrace.Analyzer, cmd)
	var out []string
	for _, m := range c.msgs {
		sub := unexpectedAt.FindStringSubmatch(m)
		require.NotNil(t, sub, "not a finding: %s", m)
		first, _, _ := strings.Cut(sub[3], "\n")
		out = append(out, sub[1]+":"+sub[2]+": "+first)
	}
	return out
}

// A relay that calls a repository's poll and mark through an interface
// whose implementation it sees, or the store's Queries it made on a
// *sql.DB: reported at the poll's call.
func TestSplitThroughInterface(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relayseen", "relaydirect")
}

// The same relay, with an in-memory implementation in sight beside the
// one on the pool: reported as before. Beside one whose SQL the tool
// cannot read: silent.
func TestSplitThroughInterfaceBesideMemory(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relaymemseen", "relaydynseen")
}

// The same relay beside a double of a test-helper package (outboxtest),
// which hands its context to hooks and so is no in-memory store: the
// program runs only the repository against PostgreSQL, and the split is
// reported as relayseen's is. A worker whose claim, behind a TxStore
// interface its store's RunInTx hands the closure, selects FOR UPDATE
// SKIP LOCKED and marks in the transaction, beside a fake: silent.
func TestSplitThroughInterfaceBesideDouble(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relayfakeseen", "ok_txstorefake")
}

// A relay that polls with FOR UPDATE SKIP LOCKED on a pool and marks each
// event sent after publishing it, its halves reached through a repository,
// a service and the interfaces each declares: the command that wires them
// reports it at the function that calls both.
func TestSplitThroughLayers(t *testing.T) {
	// The repository makes its Queries on a *sql.DB; the relay calls it
	// through an interface only the command resolves. Flush joins the
	// poll and the mark; FlushClaimed's claim takes the rows itself. Take
	// marks what an unlocked read returned at once; Inspect publishes it
	// first, then marks it sent: a relay whose unlocked read two relays
	// run at once, each publishing the event before either marks it.
	require.Equal(t, []string{
		"relayworker/relay.go:30: Pending's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns",
		"relayworker/relay.go:71: two relays read the same unmarked rows: each hands them on before either marks them",
		"relayworker/relay.go:59: two workers can claim the same job",
	}, farFindings(t, "relaycmd"))
	// The service joins its repository's halves itself; the command gives
	// the repository Queries on the pool.
	require.Equal(t, []string{
		"relaysvc/svc.go:63: Next's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns",
	}, farFindings(t, "relaysvccmd"))
	// The command may wire an in-memory outbox instead (tests, a local
	// run): it claims nothing, and on PostgreSQL the relay races all the
	// same.
	require.Equal(t, []string{
		"relayworker/relay.go:30: Pending's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns",
		"relayworker/relay.go:71: two relays read the same unmarked rows: each hands them on before either marks them",
		"relayworker/relay.go:59: two workers can claim the same job",
	}, farFindings(t, "relaymemcmd"))
	// One whose SQL the tool cannot read is no in-memory store: what the
	// relay runs is not known.
	require.Empty(t, farFindings(t, "relaydyncmd"))
}

// The same halves run in a transaction the command begins and commits
// after the marks; the packages that cannot tell what the halves run on
// stay silent.
func TestSplitThroughLayersAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relaysvctxcmd", "relaydirecttx", "relaysvc", "relayworker", "relayrepo", "relaydb")
}

// Relay queues (outboxes, mail and webhook tables): rows polled unlocked
// while their marker is unset, handed on, then marked by key. Two relays
// read the same rows and both hand them on, in a SERIALIZABLE transaction
// too: the second mark fails with 40001 after its publish
// (TestRelayEvidenceOnPostgreSQL).
func TestRelayQueues(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relay_pgx", "relay_bool", "relay_state", "relay_sqlc", "relay_gorm", "relay_nolimitorder",
		"relay_serializable")
}

// The relay designs that keep two relays apart, and tables that are no
// relay's: a page of a listing (OFFSET, a keyset cursor) and a by-key
// mark of one row, a table only read, markers that say no row was handed
// on.
func TestRelayQueuesAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_relay_skiplocked", "ok_relay_claimfirst", "ok_relay_advisory", "ok_relay_delete",
		"ok_relay_listing", "ok_relay_readonly", "ok_relay_marknames", "ok_relay_nolimit_listing")
}

// The module's advisory locks that silence a relay: a leader's, in
// another package, does; one taken by a helper that only tests use (it
// imports package testing) does not.
func TestRelayModuleAdvisoryLocks(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relay_testlock", "ok_relay_leaderpkg")
}

// Relays whose poll reads every unmarked row at once (no LIMIT), and
// listings of every row that are none: a store's method that a handler
// returns, a page that shows the rows and marks them read.
func TestRelayUnboundedPolls(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relay_unbounded", "ok_relay_unbounded_listing")
}

// A relay whose loop calls its own package's store methods: the mark
// follows the send, so the pair is no claim step.
func TestRelayStoreLoop(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relay_storeloop")
}

// A flag queue whose poll joins it with another table and returns columns
// of both (read as the flagged table's SELECT), its flag added by a later
// migration and its rows keyed by two columns: a ticker's unlocked read
// then a mark after the work is a relay two replicas run at once. The
// same read locked in a transaction that lasts until the mark, and a
// handler's page of one user's rows, are not.
func TestRelayJoinedFlag(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relay_joinedflag")
}

func TestRelayJoinedFlagAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_relay_joinedflag_locked", "ok_relay_joinedflag_handler")
}

// Relays whose poll names the states it skips (COALESCE(status, 'new') NOT
// IN ('pending', 'processed')) and whose marks set the state inside a
// nullable wrapper (pgtype.Text{String: status, Valid: true}); the same
// relay locked in its transaction, and a dashboard that lists the rows
// and lets an operator skip one, are accepted.
//
// sqlc's Queries read every such row at once (no LIMIT): the relay in
// another package that marks each row the poll returned, in its loop over
// them, is reported at its call of the poll; an operator's API that lists
// the rows and marks one it is given is not.
func TestRelayNegativeStates(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relay_wrapped", "relay_sqlcwrap", "relay_sqlcwrap/relay")
}

func TestRelayNegativeStatesAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_relay_wrapped_locked", "ok_relay_wrapped_report", "ok_relay_sqlcwrap_listing", "ok_relay_sqlcwrap_listing/api")
}

// A loop over unlocked rows that takes each with a compare-and-set
// re-checking the state it polled, and checks the row count before the
// send, sends each row once; one that ignores the row count, or whose
// UPDATE does not re-check the state, is a claim in two steps that races;
// a relay that sends first and marks after races as a relay.
func TestRelayCompareAndSet(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relay_cas_unchecked", "relay_cas_sendfirst", "ok_relay_cas_checked")
}

// A GORM relay that reads every unmarked row (its flag bound to the
// constant false), publishes them, then marks the published ones in one
// UPDATE by a list of keys (the flag bound to true); and the same relay
// reading a batch FOR UPDATE SKIP LOCKED in the transaction of its mark.
func TestRelayGormBatchMark(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relay_gorm_batchmark", "ok_relay_gorm_batchmark_locked",
		"ok_relay_gorm_boundflag_listing")
}
