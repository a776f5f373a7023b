package migrationlock_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/migrationlock"
)

// Designs the rule rejects: DDL on a queue table an earlier migration
// created, with no lock_timeout in force when it runs, once per
// transaction; for each migration tool, a SET LOCAL that its transaction
// mode turns into nothing.
func TestRejected(t *testing.T) {
	ruletest.Run(t, migrationlock.Analyzer,
		"altertable", "createindex", "triggers", "timeoutlater", "goose", "runnerwithout", "runnerelsewhere", "workertimeout",
		"oncepertx", "renamequeue", "runnersplit", "runnersplittx", "gomigrate", "goose_notx", "dbmate", "sqlmigrate", "tern", "atlas", "runnerdsnzero", "otherddl", "bykey", "funcqueue", "initdb_migrated", "later")
}

// Designs it accepts: a lock_timeout set earlier in the migration's
// transaction or session or by the Go runner that runs it (in SQL, its
// connection string or pgx's runtime parameters), tables the migration
// creates, a table whose ACCESS EXCLUSIVE lock the transaction already
// holds, CONCURRENTLY, the weaker locks, tables that are not queues, DDL
// run from Go, other databases' migrations, the init scripts of the
// postgres image (a new database only); for each migration tool, SET
// LOCAL where the tool runs the file in one transaction.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, migrationlock.Analyzer,
		"accept_timeout", "accept_created", "accept_concurrently", "accept_weak", "accept_runner", "accept_notqueue", "accept_godl", "accept_dirrunner", "accept_embeds",
		"accept_held", "accept_runnersplit", "accept_initdb", "accept_gomigrate", "accept_goose", "accept_dbmate", "accept_sqlmigrate", "accept_tern", "accept_atlas", "accept_dsn", "accept_runtimeparams", "accept_bykey", "accept_funcqueue", "accept_together")
}
