package attempts

import (
	"regexp"
	"strings"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// limitName matches what an attempt limit is called: max_attempts is a
// limit, not a count.
var limitName = regexp.MustCompile(`(?i)^max_?|_?(limit|max)$`)

// Spends reports whether a statement spends an attempt: it sets an attempt
// count to itself plus something (attempts = attempts + 1,
// coalesce(attempts, 0) + 1), or a remaining-attempts count to itself
// minus something.
func Spends(s *sqlcheck.Stmt) bool {
	for _, a := range s.Set {
		if !Named(a.Column) || limitName.MatchString(a.Column) {
			continue
		}
		self := regexp.MustCompile(`\b` + regexp.QuoteMeta(a.Column) + `\b`)
		if self.MatchString(a.Value.Text) && strings.ContainsAny(a.Value.Text, "+-") {
			return true
		}
	}
	return false
}

// remainingName matches what a count of the attempts left is called:
// taking one from it spends an attempt.
var remainingName = regexp.MustCompile(`(?i)left|remain`)

// GivesBack reports whether a statement gives back an attempt its claim
// counted: it sets an attempt count to itself minus a constant (attempt =
// GREATEST(attempt - 1, 0)). A job put back that way was deferred, not
// run, and spent no attempt.
func GivesBack(s *sqlcheck.Stmt) bool {
	for _, a := range s.Set {
		if !Named(a.Column) || limitName.MatchString(a.Column) || remainingName.MatchString(a.Column) {
			continue
		}
		less := regexp.MustCompile(`(^|[^\w.])(\w+\.)?"?` + regexp.QuoteMeta(a.Column) + `"?\s*-\s*[1-9]`)
		if less.MatchString(a.Value.Text) {
			return true
		}
	}
	return false
}
