package attempts

import (
	"testing"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

func TestGivesBack(t *testing.T) {
	for text, want := range map[string]bool{
		"UPDATE work SET state = 'ready', attempt = GREATEST(attempt - 1, 0) WHERE id = $1": true,
		"UPDATE work SET attempts = work.attempts - 1 WHERE id = $1":                        true,
		"UPDATE work SET attempt = attempt + 1 WHERE id = $1":                               false,
		"UPDATE work SET tries_left = tries_left - 1 WHERE id = $1":                         false, // spends one
		"UPDATE work SET max_attempts = max_attempts - 1 WHERE id = $1":                     false, // a limit, not a count
		"UPDATE work SET priority = priority - 1 WHERE id = $1":                             false,
		"UPDATE work SET attempts = $2 - 1 WHERE id = $1":                                   false,
		"UPDATE work SET retry_count = retry_count - 0, state = 'ready' WHERE id = $1":      false,
		"UPDATE work SET attempts = other_attempts - 1 WHERE id = $1":                       false,
	} {
		raws, errs := sqlcheck.Parse(text)
		if len(errs) > 0 || len(raws) != 1 {
			t.Fatalf("Parse(%q): %v", text, errs)
		}
		if got := GivesBack(sqlcheck.Facts(raws[0])); got != want {
			t.Errorf("GivesBack(%q) = %v, want %v", text, got, want)
		}
	}
}
