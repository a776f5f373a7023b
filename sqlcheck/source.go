package sqlcheck

import (
	"regexp"
	"sort"
	"strings"
)

// A Loc is a position in a source file.
type Loc struct {
	File   string // the file's path, as discovery found it
	Offset int    // byte offset in the file
	Line   int    // 1-based
	Col    int    // 1-based, in bytes
}

// A Source is SQL text and the file it comes from: a .sql migration, or a
// string literal in a .go file.
type Source struct {
	Path   string
	SQL    string
	FromGo bool // a string literal in a .go file
	// Init says the file runs only when a new database is created (see
	// ModuleFiles.InitOnly): its DDL takes no lock a worker holds.
	Init bool

	lines []int  // offsets of the file's line starts
	base  int    // offset in the file where SQL starts
	exact bool   // offsets in SQL are offsets in the file from base (no escapes in between), once edits are undone
	edits []edit // template placeholders replaced in SQL (see detemplate), in order
	at    *Loc   // set for SQL a Go declaration stands for: where every offset maps (see Declared)
}

// SQLFile makes a Source of a .sql file's content. Down-migration sections
// (goose, sql-migrate, dbmate, tern) and a leading UTF-8 byte order mark are
// blanked out, so offsets in SQL remain offsets in the file.
func SQLFile(path string, content []byte) *Source {
	sql := string(content)
	if strings.HasPrefix(sql, bom) {
		// Some editors write one; PostgreSQL's parser takes it for part of
		// the first word, and the first statement would be lost.
		sql = "   " + sql[len(bom):]
	}
	sql, edits := detemplate(blankDown(sql), true)
	return &Source{Path: path, SQL: sql, lines: lineStarts(content), exact: true, edits: edits}
}

const bom = "\ufeff"

// GoString makes a Source of a Go string literal's value. litStart is the
// offset in file of the literal's opening quote; exact says whether the
// literal's bytes equal its value (a raw string, or one without escapes), so
// that positions inside it can be pinned down and edited.
func GoString(path string, file []byte, litStart int, value string, exact bool) *Source {
	sql, edits := detemplate(value, false)
	return &Source{Path: path, SQL: sql, FromGo: true, lines: lineStarts(file), base: litStart + 1, exact: exact, edits: edits}
}

// Declared makes a Source of SQL that no file holds but a Go declaration
// stands for (the table an ORM's migrator creates from a model): every
// offset in it maps to the declaration at loc.
func Declared(loc Loc, sql string) *Source {
	return &Source{Path: loc.File, SQL: sql, FromGo: true, at: &loc}
}

// templated reports whether the statement at [start, end) of SQL holds
// template text: a placeholder replaced by detemplate, or an action or verb
// that no identifier can stand for ({{if}}, %d). Such a statement is not
// SQL until the program fills it in.
func (s *Source) templated(start, end int) bool {
	delta := 0
	for _, e := range s.edits {
		at := e.at + delta
		if at < end && at+e.new > start {
			return true
		}
		delta += e.new - e.old
	}
	if start < 0 || end > len(s.SQL) || start > end {
		return false
	}
	return templateAny.MatchString(s.SQL[start:end])
}

// Exact reports whether every offset in SQL maps to the same byte in the file.
func (s *Source) Exact() bool { return s.exact }

// Loc returns the position in the file of offset off in SQL. For a Go string
// that is not exact, every offset maps to the literal's start; an offset in
// a template placeholder maps to the placeholder's start.
func (s *Source) Loc(off int) Loc {
	if s.at != nil {
		return *s.at
	}
	fileOff := s.base - 1
	if s.exact {
		fileOff = s.base + fileOffset(s.edits, off)
	}
	if fileOff < 0 {
		fileOff = 0
	}
	line := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > fileOff })
	col := fileOff + 1
	if line > 0 {
		col = fileOff - s.lines[line-1] + 1
	}
	return Loc{File: s.Path, Offset: fileOff, Line: line, Col: col}
}

func lineStarts(content []byte) []int {
	starts := []int{0}
	for i, b := range content {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// Markers of down sections in one-file migrations: goose (-- +goose Down),
// sql-migrate (-- +migrate Down), dbmate (-- migrate:down), and tern, whose
// down part follows "---- create above / drop below ----".
var (
	downStart = regexp.MustCompile(`(?im)^[ \t]*--[ \t]*(\+goose[ \t]+down|\+migrate[ \t]+down|migrate:down|-*[ \t]*create above / drop below)\b.*$`)
	upStart   = regexp.MustCompile(`(?im)^[ \t]*--[ \t]*(\+goose[ \t]+up|\+migrate[ \t]+up|migrate:up)\b.*$`)
)

// blankDown replaces every down-migration section with spaces, keeping
// newlines so that lines and offsets do not move.
func blankDown(sql string) string {
	b := []byte(sql)
	pos := 0
	for {
		d := downStart.FindIndex(b[pos:])
		if d == nil {
			return string(b)
		}
		start := pos + d[0]
		end := len(b)
		if u := upStart.FindIndex(b[start:]); u != nil {
			end = start + u[0]
		}
		for i := start; i < end; i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
		pos = end
	}
}
