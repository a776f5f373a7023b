package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// Retries that never stop.
func TestRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer,
		"seed", "logonly", "field", "flagvar", "nolimit", "sqlretry", "unguardedfail", "errorf", "column",
		"funcretry", "triggerretry", "nullstate",
		"flagaddr", "logmath", "errortype", "exportedrun", "counteronly", "resetcount",
		"boundstate", "pollbackoff", "pollsecond", "pollparam")
}

// Retries bounded in Go, in SQL, by a helper or a column.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer,
		"ok_go", "ok_case", "ok_column", "ok_failsql", "ok_helper", "ok_config", "ok_noqueue", "ok_elsewhere", "ok_reclaim", "ok_sql", "ok_callerguard", "ok_exported",
		"ok_funcguard", "ok_nullstate",
		"ok_flagread", "ok_nullable", "ok_errorandcount", "ok_testfixture",
		"ok_boundstate", "ok_boundset", "ok_pollguard")
}
