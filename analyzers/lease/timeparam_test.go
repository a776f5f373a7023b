package lease_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// A lease deadline bound as a nullable timestamp (pgtype.Timestamptz as
// sqlc generates it, pgtype.Timestamp, sql.NullTime) is a lease: with no
// reclaimer it is reported as one.
func TestNullableTimeParamRejected(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "timeparam_nullable_noreclaim")
}

// ... and its reclaimer counts.
func TestNullableTimeParamAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_timeparam_nullable")
}
