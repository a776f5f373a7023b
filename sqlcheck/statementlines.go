package sqlcheck

import "strings"

// StatementLines returns the 1-based line ranges [first, last] that the
// statements of a SQL text occupy, from the line of a statement's first
// token to the line of its semicolon (or of its last byte). Lines between
// them hold only blanks and comments.
func StatementLines(text string) [][2]int {
	var (
		out  [][2]int
		line = 1 // the line of text[at]
		at   = 0
	)
	// Statements come in order: count each stretch of text once.
	lineAt := func(off int) int {
		line += strings.Count(text[at:off], "\n")
		at = off
		return line
	}
	for _, s := range split(text) {
		end := s.end
		if end > s.first && end <= len(text) {
			end-- // the semicolon, or the last byte
		}
		first := lineAt(s.first)
		out = append(out, [2]int{first, lineAt(end)})
	}
	return out
}
