package main

import (
	"os"
	"strings"
	"unicode/utf8"
)

// columns converts go/token's byte columns into the code-point columns of
// SARIF's "unicodeCodePoints" column kind, reading each file once.
type columns struct {
	files map[string][]string
}

func newColumns() *columns { return &columns{files: map[string][]string{}} }

func (c *columns) line(file string, line int) string {
	lines, ok := c.files[file]
	if !ok {
		data, _ := os.ReadFile(file)
		lines = strings.Split(string(data), "\n")
		c.files[file] = lines
	}
	if line < 1 || line > len(lines) {
		return ""
	}
	return lines[line-1]
}

// col converts a 1-based byte column of a line.
func (c *columns) col(file string, line, byteCol int) int {
	text := c.line(file, line)
	if byteCol < 1 || byteCol-1 > len(text) {
		return byteCol
	}
	return utf8.RuneCountInString(text[:byteCol-1]) + 1
}

// region makes a SARIF region; an end line of 0 leaves the end out.
func (c *columns) region(file string, line, col, endLine, endCol int) sarifRegion {
	r := sarifRegion{StartLine: line, StartColumn: c.col(file, line, col)}
	if r.StartColumn < 1 {
		r.StartColumn = 1
	}
	if endLine > 0 {
		r.EndLine, r.EndColumn = endLine, c.col(file, endLine, endCol)
	}
	return r
}
