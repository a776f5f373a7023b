package sqlcheck

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	pg "github.com/pganalyze/pg_query_go/v5"
	pgparser "github.com/pganalyze/pg_query_go/v5/parser"

	_ "github.com/jobqlint/jobqlint/internal/needcgo" // a readable build error without cgo
)

// A RawStmt is one statement of a SQL text, parsed.
type RawStmt struct {
	Node  *pg.Node // the statement's parse tree
	Base  int      // offset in the whole text of Text; locations in Node are relative to it
	Start int      // offset in the whole text of the statement's first token
	Text  string   // the piece of text the statement was parsed from
}

// A ParseError is SQL that PostgreSQL's parser rejects.
type ParseError struct {
	Offset int // byte offset in the text of the point the parser gave up at
	Msg    string

	stmt span // the statement that does not parse
}

func (e *ParseError) Error() string { return e.Msg }

// Parse splits text into statements and parses each one separately, so one
// bad statement costs only itself.
func Parse(text string) ([]RawStmt, []*ParseError) {
	var (
		stmts []RawStmt
		errs  []*ParseError
	)
	parseEach(text, func(raw RawStmt) { stmts = append(stmts, raw) }, func(e *ParseError) { errs = append(errs, e) })
	return stmts, errs
}

func parseEach(text string, stmt func(RawStmt), bad func(*ParseError)) {
	parseSkipping(text, nil, stmt, bad)
}

// parseSkipping parses text as Parse does, handing over each statement as
// soon as it is parsed, so that a caller that keeps nothing of a
// statement's tree (the replay of a 50 MB data migration) holds one tree at
// a time. The statements skip names are not parsed at all: their syntax
// errors go unreported.
func parseSkipping(text string, skip dataSkip, stmt func(RawStmt), bad func(*ParseError)) {
	for _, sp := range split(text) {
		if skip.skips(text, sp) {
			continue
		}
		piece := text[sp.start:sp.end]
		if i := invalidUTF8(piece); i >= 0 {
			// pg_query hands its tree over as protobuf, which refuses such
			// strings with a message that names no place.
			bad(&ParseError{Offset: sp.start + i, Msg: fmt.Sprintf("invalid UTF-8 byte 0x%02x (jobqlint reads SQL as UTF-8)", piece[i]), stmt: sp})
			continue
		}
		tree, err := pg.Parse(piece)
		if err != nil {
			e := parseError(err, piece, sp.start, sp.first)
			e.stmt = sp
			bad(e)
			continue
		}
		for _, raw := range tree.GetStmts() {
			start := sp.start + int(raw.GetStmtLocation())
			if start < sp.first {
				start = sp.first
			}
			stmt(RawStmt{Node: raw.GetStmt(), Base: sp.start, Start: start, Text: piece})
		}
	}
}

// parseError positions a parser error in the whole text. PostgreSQL's
// cursor counts characters from 1; 0 (or past the end, for "at end of
// input") means no better place than the statement's first token.
func parseError(err error, piece string, base, first int) *ParseError {
	var perr *pgparser.Error
	if !errors.As(err, &perr) {
		return &ParseError{Offset: first, Msg: fmt.Sprint(err)}
	}
	off := first
	if perr.Cursorpos > 0 {
		if b, ok := byteOffset(piece, perr.Cursorpos-1); ok {
			off = base + b
		} else {
			off = base + len(strings.TrimRight(piece, " \t\r\n;"))
		}
	}
	return &ParseError{Offset: off, Msg: tidyMessage(perr.Message)}
}

// invalidUTF8 returns the offset of the first byte of s that is not
// UTF-8, or -1.
func invalidUTF8(s string) int {
	if utf8.ValidString(s) {
		return -1
	}
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return i
			}
		}
	}
	return -1
}

// byteOffset returns the byte offset of the n-th character of s.
func byteOffset(s string, n int) (int, bool) {
	i := 0
	for b := range s {
		if i == n {
			return b, true
		}
		i++
	}
	return 0, false
}

// tidyMessage keeps a parser message to one short line: for an unterminated
// quote, PostgreSQL quotes the whole rest of the text after "at or near".
func tidyMessage(msg string) string {
	const near = ` at or near "`
	i := strings.Index(msg, near)
	if i < 0 || !strings.HasSuffix(msg, `"`) {
		return strings.ReplaceAll(msg, "\n", " ")
	}
	snippet := msg[i+len(near) : len(msg)-1]
	cut := false
	if j := strings.IndexByte(snippet, '\n'); j >= 0 {
		snippet, cut = snippet[:j], true
	}
	if r := []rune(snippet); len(r) > 40 {
		snippet, cut = string(r[:40]), true
	}
	if cut {
		snippet += "..."
	}
	return msg[:i] + near + snippet + `"`
}

// sendCommands are psql's meta-commands that end the query buffer: they
// execute it (\\gdesc describes it), as psql 15's --help=commands says.
var sendCommands = []string{"g", "gx", "gset", "gexec", "gdesc", "crosstabview", "watch"}

// sendsBuffer reports whether the meta-command that rest starts (what
// follows its backslash) is one of sendCommands.
func sendsBuffer(rest string) bool {
	n := 0
	for n < len(rest) && (rest[n] >= 'a' && rest[n] <= 'z') {
		n++
	}
	return slices.Contains(sendCommands, rest[:n])
}

// A span is one statement's stretch of text: [start, end), with first the
// offset of its first token that is not a comment.
type span struct{ start, first, end int }

// split cuts text at top-level semicolons, as psql does. It follows
// PostgreSQL's lexical rules for what can hide a semicolon: 'strings' (with
// ” and, in E'...', backslash escapes), "identifiers", -- and nested /* */
// comments, $tag$ dollar quotes, parentheses (CREATE RULE ... DO ALSO (...;
// ...)) and BEGIN ATOMIC ... END function bodies. A quote left open runs to
// the end of the text, as it does for PostgreSQL, so the statements before
// it survive. Spans holding only comments are dropped.
func split(text string) []span {
	var (
		spans    []span
		cur      = span{first: -1}
		parens   int    // depth of ( )
		atomic   int    // depth of BEGIN ATOMIC ... END, counting CASE ... END inside
		lastWord string // the previous keyword-like word, upper case
		// firstWord is the statement's first word, upper case; copyIn
		// says it is a COPY ... FROM STDIN, whose data follows it.
		firstWord string
		copyIn    bool
	)
	mark := func(i int) {
		if cur.first < 0 {
			cur.first = i
		}
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == ';' && parens == 0 && atomic == 0:
			cur.end = i + 1
			if cur.first >= 0 {
				spans = append(spans, cur)
			}
			i++
			if copyIn {
				// psql sends the lines after COPY ... FROM STDIN as the
				// data, up to a line \. (or the end of the file): no SQL.
				i = copyDataEnd(text, i)
			}
			cur = span{start: i, first: -1}
			lastWord, firstWord, copyIn = "", "", false
		case c == '-' && strings.HasPrefix(text[i:], "--"):
			i = skipLine(text, i)
		case c == '\\' && cur.first < 0:
			// A psql meta-command between statements (\connect db, \set
			// ON_ERROR_STOP on), to the end of its line: psql runs it, the
			// server never sees it. The statement's text starts after it.
			i = skipLine(text, i)
			cur.start = i
		case c == '\\' && parens == 0 && atomic == 0 && sendsBuffer(text[i+1:]):
			// One that sends the statement typed so far (select ... \gset,
			// \g, \gx: a pgTAP script's way to keep a result in a psql
			// variable) ends it as a semicolon would; the rest of its line
			// is the command's arguments. Any other meta-command inside a
			// statement is left to the parser, which rejects it.
			cur.end = i
			spans = append(spans, cur)
			i = skipLine(text, i)
			cur = span{start: i, first: -1}
			lastWord, firstWord, copyIn = "", "", false
		case c == '/' && strings.HasPrefix(text[i:], "/*"):
			i = skipBlockComment(text, i)
		case c == '\'' || c == '"':
			mark(i)
			escapes := c == '\'' && i > 0 && (text[i-1] == 'E' || text[i-1] == 'e') && (i < 2 || !isIdent(text[i-2]))
			i = skipQuoted(text, i, c, escapes)
		case c == '$':
			mark(i)
			if tag, ok := dollarTag(text, i); ok {
				if end := strings.Index(text[i+len(tag):], tag); end >= 0 {
					i += len(tag) + end + len(tag)
				} else {
					i = len(text)
				}
			} else {
				i++
			}
		case c == '(':
			mark(i)
			parens++
			i++
		case c == ')':
			mark(i)
			if parens > 0 {
				parens--
			}
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case isIdent(c) && (i == 0 || !isIdent(text[i-1])):
			mark(i)
			j := i
			for j < len(text) && (isIdent(text[j]) || text[j] == '$') {
				j++
			}
			word := strings.ToUpper(text[i:j])
			if firstWord == "" {
				firstWord = word
			}
			if firstWord == "COPY" && lastWord == "FROM" && word == "STDIN" {
				copyIn = true
			}
			switch {
			case word == "ATOMIC" && lastWord == "BEGIN" && atomic == 0:
				atomic = 1
			case atomic > 0 && word == "CASE":
				atomic++
			case atomic > 0 && word == "END":
				atomic--
			}
			lastWord = word
			i = j
		default:
			mark(i)
			i++
		}
	}
	if cur.first >= 0 {
		cur.end = len(text)
		spans = append(spans, cur)
	}
	return spans
}

// copyDataEnd returns the offset after the data of a COPY ... FROM STDIN
// whose semicolon ends at i: the data starts on the next line and ends
// with a line holding only \. (psql's end of data).
func copyDataEnd(text string, i int) int {
	i = skipLine(text, i)
	for i < len(text) {
		next := skipLine(text, i)
		if strings.TrimRight(text[i:next], "\r\n") == `\.` {
			return next
		}
		i = next
	}
	return len(text)
}

func skipLine(text string, i int) int {
	if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(text)
}

// skipBlockComment skips a /* comment */, which nests in PostgreSQL.
func skipBlockComment(text string, i int) int {
	depth := 0
	for i < len(text) {
		switch {
		case strings.HasPrefix(text[i:], "/*"):
			depth++
			i += 2
		case strings.HasPrefix(text[i:], "*/"):
			depth--
			i += 2
			if depth == 0 {
				return i
			}
		default:
			i++
		}
	}
	return len(text)
}

func skipQuoted(text string, i int, q byte, escapes bool) int {
	for i++; i < len(text); i++ {
		switch {
		case escapes && text[i] == '\\':
			i++
		case text[i] == q:
			if i+1 < len(text) && text[i+1] == q {
				i++ // a doubled quote stands for itself
				continue
			}
			return i + 1
		}
	}
	return len(text)
}

// dollarTag returns the $tag$ that opens a dollar-quoted string at i.
func dollarTag(text string, i int) (string, bool) {
	if i > 0 && isIdent(text[i-1]) {
		return "", false // part of an identifier, or a parameter like $1
	}
	j := i + 1
	for j < len(text) && (isIdent(text[j]) && !(j == i+1 && text[j] >= '0' && text[j] <= '9')) {
		j++
	}
	if j < len(text) && text[j] == '$' {
		return text[i : j+1], true
	}
	return "", false
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
