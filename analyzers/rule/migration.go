package rule

import (
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// A Migration is a schema change that fixes a finding in the schema. A
// migration that a database has applied is never run again, so editing it
// fixes nothing there: the standalone driver's -fix writes the change as a
// new migration beside the one the finding is in, in that directory's
// scheme, and never edits an existing one.
type Migration struct {
	Name string // a short name for the new file: "jobs_run_at_timestamptz"
	Up   string // the statement that fixes the finding, without a final ';'
	Down string // the statement that undoes it, for schemes with down migrations
	// NoTransaction says that Up cannot run inside a transaction block
	// (CREATE INDEX CONCURRENTLY): the file carries its tool's marker for
	// that, and holds no other statement.
	NoTransaction bool
	Comment       string // what a reader must know before applying it, said above Up
}

// migrations maps the message of each migration fix to its migration: a
// suggested fix carries no data besides its message and edits, and the
// standalone driver runs the rules in its own process.
var migrations sync.Map

const migrationPrefix = "in a new migration: "

// Fix returns the migration as a suggested fix with no edits, for the
// standalone driver's -fix. Other drivers see a fix they cannot apply (go
// vet -fix applies none of it); its message says what to add.
func (m Migration) Fix() analysis.SuggestedFix {
	msg := migrationPrefix + m.Up
	migrations.Store(msg, &m)
	return analysis.SuggestedFix{Message: msg}
}

// MigrationOf returns the migration of a fix made by Migration.Fix, or nil.
func MigrationOf(sf analysis.SuggestedFix) *Migration {
	if len(sf.TextEdits) > 0 {
		return nil
	}
	if m, ok := migrations.Load(sf.Message); ok {
		return m.(*Migration)
	}
	return nil
}

// QuoteIdent quotes a (possibly schema-qualified) name for SQL where it
// needs quotes: anything but lower-case letters, digits and underscores,
// or a leading digit.
func QuoteIdent(name string) string {
	parts := strings.Split(name, ".")
	for i, p := range parts {
		if !plainIdent(p) {
			parts[i] = `"` + strings.ReplaceAll(p, `"`, `""`) + `"`
		}
	}
	return strings.Join(parts, ".")
}

func plainIdent(s string) bool {
	if s == "" || (s[0] >= '0' && s[0] <= '9') {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
