package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// Claims two workers can win at once.
func TestRejected(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer,
		"seed", "sqlseed", "poollock", "dblock", "cas_poll", "cas_alone", "subquery", "cte_unlocked", "wrapuse", "connlock", "cmdseed", "sprintf", "sqlxrebind")
}

// Claims only one worker wins.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer,
		"ok_atomic", "ok_in_sql", "ok_sqlc", "ok_delete", "ok_cas_count", "ok_cas_returning",
		"ok_tx", "ok_beginfunc", "ok_sqltx", "ok_advisory", "ok_recheck", "ok_dynamic", "cmd_ok", "ok_sprintf", "ok_branch")
}
