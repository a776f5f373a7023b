// Package attempts tells, by its name, a column or variable that counts a
// job's attempts: the rules that look for a count, or a comparison of one
// with a limit, read names the same way.
package attempts

import "regexp"

var (
	// word matches what an attempt count is called, in Go and SQL; a try
	// count only where "try" starts a word (try_count, NewTryCount, not
	// entry_count).
	word = regexp.MustCompile(`(?i:attempt|retr(y|ies)|tries|tried|(^|_)try_?(count|num))|Try_?(Count|Num)|TRY_?(COUNT|NUM)`)
	// timeName matches the names of times, which word may match too:
	// retry_at is when the next attempt runs, not how many there were.
	timeName = regexp.MustCompile(`(?i)_(at|time|until|after)$`)
	// identifier finds the names in a piece of SQL.
	identifier = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
)

// Named reports whether a name is an attempt count's: attempts, retries,
// v_tries; not retry_at.
func Named(name string) bool {
	return word.MatchString(name) && !timeName.MatchString(name)
}

// Mentioned reports whether SQL (or a condition) names an attempt count.
func Mentioned(text string) bool {
	for _, id := range identifier.FindAllString(text, -1) {
		if Named(id) {
			return true
		}
	}
	return false
}
