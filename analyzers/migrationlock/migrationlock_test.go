package migrationlock_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/migrationlock"
)

// Designs the rule rejects: DDL on a queue table an earlier migration
// created, with no lock_timeout in force when it runs.
func TestRejected(t *testing.T) {
	ruletest.Run(t, migrationlock.Analyzer,
		"altertable", "createindex", "triggers", "timeoutlater", "goose", "runnerwithout", "runnerelsewhere", "workertimeout")
}

// Designs it accepts: a lock_timeout set earlier in the migration or by
// the Go runner that runs it, tables the migration creates, CONCURRENTLY,
// the weaker locks, tables that are not queues, DDL run from Go.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, migrationlock.Analyzer,
		"accept_timeout", "accept_created", "accept_concurrently", "accept_weak", "accept_runner", "accept_notqueue", "accept_godl", "accept_dirrunner", "accept_embeds")
}
