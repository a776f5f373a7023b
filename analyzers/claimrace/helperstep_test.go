package claimrace_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A locked poll on the pool whose rows the poll's function hands one by
// one to a helper that marks each taken (eval22 LaventeCare's
// processQueue and processEmail): the lock ended before the mark.
func TestHelperStepRejected(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "helperstep")
}

// The same helper given the poll's transaction: the locks hold through
// every mark. A batch claimed in one statement, whose helper records each
// row sending: the statement took the rows.
func TestHelperStepAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_helperstep_tx", "ok_helperstep_onestmt")
}

// A scheduler whose Queries field its constructor's caller fills, whose
// tick reads a locked batch and hands each event to a helper that
// publishes it and marks it sent (eval22 notif's scheduler Worker): the
// command that builds it on a *sql.DB reports it; built on Queries bound
// to a transaction the command commits after the tick, it is silent.
func TestHelperTakeThroughField(t *testing.T) {
	require.Equal(t, []string{
		"schedhelper/worker.go:27: FetchPending's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns",
	}, farFindings(t, "schedhelpercmd"))
	require.Empty(t, farFindings(t, "schedhelpertxcmd"))
}

// The same worker built by a package that is no command, on the *sql.DB
// it is given (eval22 notif's internal/server): that package judges the
// claim, once, and the command that runs it adds nothing. Built on
// Queries bound to a transaction it is given: silent.
func TestHelperTakeWiredInLibrary(t *testing.T) {
	require.Equal(t, []string{
		"schedhelper/worker.go:27: FetchPending's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns",
	}, farFindings(t, "schedhelperlib"))
	require.Empty(t, farFindings(t, "schedhelperlibcmd"))
	require.Empty(t, farFindings(t, "schedhelperlibtx"))
}

// A scheduler that opens its own transaction, binds its Queries to it
// (WithTx) and hands them to the helper that marks each event, built by a
// command on a *sql.DB: the transaction holds the locks, silent.
func TestHelperTakeOwnTxAccepted(t *testing.T) {
	require.Empty(t, farFindings(t, "ok_schedhelper_owntxcmd"))
	ruletest.Run(t, claimrace.Analyzer, "ok_schedhelper_owntx")
}
