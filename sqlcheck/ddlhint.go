package sqlcheck

import (
	"bytes"
	"regexp"
	"strings"
)

// ddlFirstWords are the words a DDL statement starts with. None holds a
// letter that (?i) folds to a non-ASCII one (k and s do: to the Kelvin
// sign and the long s), so where ddlHint matches, the file lowered to
// ASCII holds one of them.
var ddlFirstWords = []string{"create", "alter", "drop"}

const ddlRest = `\s+(unique\s+|or\s+replace\s+)?(table|index|function|procedure|trigger)\b`

var (
	// ddlHint finds a file, or a string, that may hold DDL.
	ddlHint = regexp.MustCompile(`(?i)\b(` + strings.Join(ddlFirstWords, "|") + `)` + ddlRest)
	// ddlHintAt is ddlHint anchored where a match starts.
	ddlHintAt = regexp.MustCompile(`(?i)^(` + strings.Join(ddlFirstWords, "|") + `)` + ddlRest)
)

// holdsDDLHint reports whether a file matches ddlHint, as ddlHint.Match
// does. Under go vet each package's process reads every Go file of the
// module for its schema, and ddlHint (case-insensitive, with no literal
// prefix) runs the regular expression machine over every byte of every
// file: here each first word is found with bytes.Index and ddlHintAt
// only tried where one starts a word.
func holdsDDLHint(content []byte) bool {
	lower := asciiLower(content)
	for _, word := range ddlFirstWords {
		w := []byte(word)
		for off := 0; ; {
			i := bytes.Index(lower[off:], w)
			if i < 0 {
				break
			}
			at := off + i
			if (at == 0 || !isWordByte(content[at-1])) && ddlHintAt.Match(content[at:]) {
				return true
			}
			off = at + 1
		}
	}
	return false
}

// asciiLower returns b with its ASCII capitals in lower case, every other
// byte unchanged (so offsets stay those of b).
func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// isWordByte reports whether c is a word character for \b: an ASCII
// letter, digit or underscore (a byte of a non-ASCII rune never is).
func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}
