package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A store's poll that locks its batch and commits before returning it.
func TestLockEndsBeforeReturnRejected(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "lockcommitstore")
}

// The same poll with the claim (an UPDATE to a working state) in its
// transaction, or with the work done in it before the commit (handed to a
// callback, or written by a helper given the transaction).
func TestLockEndsBeforeReturnAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_lockcommitclaim", "ok_lockcommitclaimeach", "ok_lockcommitcallback", "ok_lockcommitdelete", "ok_lockcommitarchive")
}
