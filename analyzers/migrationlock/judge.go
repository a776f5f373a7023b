package migrationlock

import (
	"fmt"
	"path/filepath"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A Judged lock is a migration statement that locks a queue table this
// package reports the schema of, with the rule's verdict: Why is empty
// when the statement is reported, and otherwise says why it is not.
// `jobqlint -model` shows them, so that a silent migration can be read.
type Judged struct {
	Lock *sqlcheck.LockingDDL
	Why  string
	// Tx is the statement's transaction in its file as the verdict reads
	// it, and Apart, when the module's runner sends the file a statement
	// at a time, where its Go code splits it; Tx then numbers the file's
	// BEGIN ... COMMIT blocks, 0 for a statement on its own.
	Tx    int
	Apart string
}

// Judge returns the migration statements that lock the package's queue
// tables, in replay order, each with its verdict. The first statement of
// a transaction that can wait is reported, once: a lock_timeout set before
// it bounds the later ones too.
func Judge(m *queuemodel.Model) ([]Judged, error) {
	if !m.ReportsAnySchema() {
		return nil, nil // no queue of its own here: nothing to report, no schema to load
	}
	schema := m.Schema()
	if err := m.SchemaErr(); err != nil {
		return nil, err
	}
	reported := map[string]bool{}
	for _, qt := range m.QueueTables() {
		if m.ReportsSchemaOf(qt) {
			reported[qt.Name] = true
		}
	}
	runners := newRunners(m.ModuleRoot())
	type txKey struct {
		file string
		tx   int
		line int // a statement sent on its own: its transaction is its own
	}
	first := map[txKey]*sqlcheck.LockingDDL{}
	var out []Judged
	for _, l := range schema.Locks {
		if !reported[l.Table] {
			continue
		}
		key := txKey{l.Loc.File, l.Tx, 0}
		held, timeout := l.Held, l.LockTimeout
		split := runners.splits(l.Loc.File)
		if split != "" {
			// The module's runner sends the file a statement at a time.
			key.tx, held, timeout = l.Apart.Tx, l.Apart.Held, l.Apart.LockTimeout
			if l.Apart.Tx == 0 {
				key.line = l.Loc.Line
			}
		}
		why := ""
		switch {
		case l.FromGo:
			// A Go string's migration boundaries and session are the
			// program's: the tool cannot tell what ran before it on the
			// same connection.
			why = "a Go string: what runs before it on its connection is the program's"
		case l.WrittenWith != "":
			why = fmt.Sprintf("%s, which creates %s, was made at most a minute before this file: they run in one first migration, on a new, idle table", filepath.Base(l.WrittenWith), queuemodel.TableName(l.Table))
		case held:
			why = "its transaction already holds the ACCESS EXCLUSIVE lock on " + queuemodel.TableName(l.Table)
		case timeout:
			why = "a lock_timeout set before it in the migration is in force"
		case first[key] != nil:
			why = fmt.Sprintf("its transaction's first statement that can wait, line %d, is reported", first[key].Loc.Line)
		case runners.setLockTimeout(l.Loc.File):
			why = "the Go code that runs the migration sets a lock_timeout"
		default:
			first[key] = l
		}
		tx := l.Tx
		if split != "" {
			tx = l.Apart.Tx
		}
		out = append(out, Judged{Lock: l, Why: why, Tx: tx, Apart: split})
	}
	return out, nil
}
