package maxattempts_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
	"github.com/jobqlint/jobqlint/analyzers/rule"
)

// Retries that never stop.
func TestRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer,
		"seed", "logonly", "field", "flagvar", "nolimit", "sqlretry", "unguardedfail", "errorf", "column",
		"funcretry", "triggerretry", "nullstate",
		"flagaddr", "logmath", "errortype", "exportedrun", "counteronly", "resetcount",
		"boundstate", "pollbackoff", "pollsecond", "pollparam",
		"customlogger", "orguard", "limitunused", "columnunused", "wrongway", "twolimits", "resetrunning", "resetmarkerheld", "resetmarkerunread", "casemarkerunread", "casesizeparams", "casesnooze",
		"fixtureonly", "recursive", "backoffcap",
		"switchnolimit", "guardonepath", "xstore", "xworker", "example.com/xnextstore", "example.com/xnextworker", "helperstate", "xstoreparam", "xworkerparam", "xworkerconst", "bulkpause", "resetworker", "limitparam", "bumponly", "bumponly/store", "nextstage", "notaftersuccess", "ifacenoguard", "countdownnoend", "deadreadnodelete", "redriveeither_live", "flagclaimed", "resetnotdone", "editrunat", "editattempts", "editnoschema", "retryuncapped", "limitparamlogged", "gormretry", "xresetstore", "xresetsvc", "xresetworker", "xcheckstore", "xcheckworker", "xcheckdecides", "xloadstore", "xloadworker", "nackself", "nackselfnarrow", "switchoutcomenolimit", "outcomethreshold", "outcomeerror",
		"failedpolled", "replaypolled", "gormfailedsweep")
}

// Retries bounded in Go, in SQL, by a helper or a column.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer,
		"ok_go", "ok_case", "ok_column", "ok_failsql", "ok_helper", "ok_config", "ok_noqueue", "ok_elsewhere", "ok_reclaim", "ok_sql", "ok_callerguard", "ok_exported",
		"ok_funcguard", "ok_nullstate", "ok_recurring", "ok_exportedtested",
		"ok_flagread", "ok_nullable", "ok_errorandcount", "ok_testfixture",
		"ok_boundstate", "ok_boundset", "ok_pollguard", "ok_selectstar", "ok_methodcount", "ok_redrive", "ok_redrivemarker", "ok_redriveeither", "ok_xrequeuebyhand",
		"ok_switchcase", "ok_switchoutcome", "ok_earlyreturn", "ok_helperguard", "ok_xworker", "example.com/ok_xnextworker", "ok_callerretry/worker", "ok_failatcallers", "ok_notguard", "ok_xworkerfail", "ok_columnexpr", "ok_callerretry",
		"ok_helperstate", "ok_xworkerparam", "ok_xworkerconst", "ok_bulkpause", "ok_limitnames", "ok_bumpcapped", "ok_bumpcapped/store", "ok_bumpguarded", "ok_bumpguarded/store", "ok_nextstage", "ok_nextstagelocal", "ok_ifaceguard", "ok_countdown", "ok_deadredrive", "ok_flagresume", "ok_ifaceexported", "ok_redriveended", "ok_editjob", "ok_retrycapped", "ok_limitparamunused", "ok_gormeditjob", "ok_trycount", "ok_xresethandler", "ok_handlerreset", "ok_xcheckworker", "ok_xloadworker", "ok_nackself", "ok_nacktwo",
		"ok_failedcreated", "ok_replaychecked", "gormjanitorstore", "gormjanitor", "ok_clientlimit/notify")
}

// A failure of the work that rolls back the transaction holding the
// claim's row lock, with nothing recorded: the rollback is the retry.
func TestRollbackRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "rbexplicit", "rbdefer", "rbbeginfunc", "rbbatch", "rbcountintx", "rbdecode", "rbwithtx", "rbfailwritelost", "rbjobiface", "rbqueue", "rbscanhelper",
		"rbctxtx", "rbctxiface", "rbxctx", "rbxctx/store", "rbclaimstephook", "rbswitchkind", "rbdefernamed", "rbwithtxdefer")
}

// Rollbacks that leave a count or a failure recorded, claims committed
// before the work, failures that do not roll the claim back, and
// transactions whose life cycle is out of sight.
func TestRollbackAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_rbcounted", "ok_rbmarkfailed", "ok_rbatmostonce", "ok_rbsavepoint", "ok_rbexported", "ok_rbfailafter", "ok_rbskip",
		"ok_rbbookkeeping", "ok_rbbeginfuncnil", "ok_rbpanicdefer", "ok_rbworkfirst", "ok_rbcommitonfail", "ok_rbtest", "ok_rbclaimstep", "ok_rbwithtxcommit", "ok_rbwithtxpool", "ok_rbflush", "ok_rbbykey", "ok_rbscanhelper",
		"ok_rbscanrowssql", "ok_rbctxcommit", "ok_rbctxtwoimpl", "ok_rbxctxcommit", "ok_rbxctxcommit/store", "ok_rbclaimdecode", "ok_rbdefernamed", "ok_rbswitchkind", "ok_rbdeferrecords", "ok_rbwithtxdefer")
}

// An unread limit points at the retry it should stop, when there is one:
// a const in Go (logonly) and a column in the schema (column).
func TestUnreadLimitRelatesTheRetry(t *testing.T) {
	for _, tc := range []struct {
		pkg, file string
		retryLine int
	}{
		{"logonly", "q.go", 20},
		{"column", "schema.sql", 0},
	} {
		t.Run(tc.pkg, func(t *testing.T) {
			results := ruletest.Run(t, maxattempts.Analyzer, tc.pkg)
			var limit *analysis.Diagnostic
			for i, d := range results[0].Diagnostics {
				if strings.Contains(d.Message, "no decision reads it") || strings.Contains(d.Message, "no statement in the module reads it") {
					limit = &results[0].Diagnostics[i]
				}
			}
			require.NotNil(t, limit)
			require.Len(t, limit.Related, 1)
			require.Equal(t, "the retry it should stop", limit.Related[0].Message)
			if tc.retryLine > 0 {
				require.Equal(t, tc.retryLine, results[0].Pass.Fset.Position(limit.Related[0].Pos).Line)
			}
		})
	}
}

// A limit nothing reads, beside a retry bounded otherwise, has no retry to
// point at: a const in Go (limitunused) and a column (columnunused).
func TestUnreadLimitWithoutRetry(t *testing.T) {
	for _, pkg := range []string{"limitunused", "columnunused"} {
		t.Run(pkg, func(t *testing.T) {
			results := ruletest.Run(t, maxattempts.Analyzer, pkg)
			require.Len(t, results[0].Diagnostics, 1)
			require.Empty(t, results[0].Diagnostics[0].Related)
		})
	}
}

// A worker that runs no SQL of its own but puts jobs back through its
// store holds the queue's attempt limit: unread, it is reported; an HTTP
// client's maxRetries beside a queue it only imports is not
// (ok_clientlimit, in TestAccepted).
func TestUnreadLimitInAWorkerWithoutSQL(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "limitworker/worker")
}

// Unread limits are reported in source order (go vet prints the findings
// as the rule reports them), whatever order the type checker's map of
// definitions gives them in.
func TestUnreadLimitsInSourceOrder(t *testing.T) {
	results := ruletest.Run(t, maxattempts.Analyzer, "limitsorder")
	var names []string
	for _, d := range results[0].Diagnostics {
		name, _, _ := strings.Cut(d.Message, " ")
		names = append(names, name)
	}
	require.Equal(t, []string{"maxAttempts", "maxRetries", "retryLimit", "maxTries"}, names)
}

// A rollback finding sits where the Rollback call starts (SSA places it at
// its parenthesis), and relates the claim and the work's call.
func TestRollbackPositions(t *testing.T) {
	results := ruletest.Run(t, maxattempts.Analyzer, "rbexplicit")
	require.Len(t, results[0].Diagnostics, 1)
	d := results[0].Diagnostics[0]
	fset := results[0].Pass.Fset
	at := fset.Position(d.Pos)
	src, err := os.ReadFile(at.Filename)
	require.NoError(t, err)
	line := strings.Split(string(src), "\n")[at.Line-1]
	require.Equal(t, strings.Index(line, "tx.Rollback")+1, at.Column)
	require.Len(t, d.Related, 2)
	require.Equal(t, "the claim whose row lock the rollback gives up", d.Related[0].Message)
	work := fset.Position(d.Related[1].Pos)
	line = strings.Split(string(src), "\n")[work.Line-1]
	require.Equal(t, strings.Index(line, "handle(ctx, payload)")+1, work.Column)
}

// A store's state chosen by its callers, two packages away: the sqlc-style
// query writes the state set in its parameter struct, the store maps an
// iota enum to it, and the worker that moves a failed job back to Queued
// with no attempt comparison is reported at its call; one that compares
// the attempts first is not. (A module, so that every package sees its
// callers.)
func TestStatesChosenAcrossPackages(t *testing.T) {
	rule.DetailInMessage = true
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "xstatesmod"), maxattempts.Analyzer, "./...")
}

// A CASE that reads a column its WITH query computes from the attempt
// count decides in SQL (ok_casecte); one computed from something else
// does not (casectenocount).
func TestCaseOnCTEColumn(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_casecte", "casectenocount")
}

// A DELETE that returns nothing purges the rows its WITH query picks: the
// state it picks them in is where jobs end, so the Ack into it is no retry,
// and the Nack that always puts back still is (purgedone).
func TestPurgedStateIsNoRetry(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "purgedone")
}
