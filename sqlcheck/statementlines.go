package sqlcheck

import "strings"

// StatementLines returns the 1-based line ranges [first, last] that the
// statements of a SQL text occupy, from the line of a statement's first
// token to the line of its semicolon (or of its last byte). Lines between
// them hold only blanks and comments.
func StatementLines(text string) [][2]int {
	var out [][2]int
	for _, s := range split(text) {
		end := s.end
		if end > s.first && end <= len(text) {
			end-- // the semicolon, or the last byte
		}
		out = append(out, [2]int{1 + strings.Count(text[:s.first], "\n"), 1 + strings.Count(text[:end], "\n")})
	}
	return out
}
