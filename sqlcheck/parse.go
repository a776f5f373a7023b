package sqlcheck

import (
	"errors"
	"fmt"

	pg "github.com/pganalyze/pg_query_go/v5"
	pgparser "github.com/pganalyze/pg_query_go/v5/parser"
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
}

func (e *ParseError) Error() string { return e.Msg }

// Parse splits text into statements and parses each one separately, so one
// bad statement costs only itself.
func Parse(text string) ([]RawStmt, []*ParseError) {
	var (
		stmts []RawStmt
		errs  []*ParseError
	)
	for _, sp := range split(text) {
		piece := text[sp.start:sp.end]
		tree, err := pg.Parse(piece)
		if err != nil {
			errs = append(errs, parseError(err, sp.start, len(piece)))
			continue
		}
		for _, raw := range tree.GetStmts() {
			start := sp.start + int(raw.GetStmtLocation())
			if start < sp.first {
				start = sp.first
			}
			stmts = append(stmts, RawStmt{Node: raw.GetStmt(), Base: sp.start, Start: start, Text: piece})
		}
	}
	return stmts, errs
}

func parseError(err error, base, limit int) *ParseError {
	var perr *pgparser.Error
	if errors.As(err, &perr) {
		off := base
		if perr.Cursorpos > 0 && perr.Cursorpos-1 < limit {
			off = base + perr.Cursorpos - 1
		}
		return &ParseError{Offset: off, Msg: perr.Message}
	}
	return &ParseError{Offset: base, Msg: fmt.Sprint(err)}
}

// A span is one statement's stretch of text: [start, end), with first the
// offset of its first token that is not a comment.
type span struct{ start, first, end int }

// split cuts text at top-level semicolons, using the PostgreSQL scanner so
// that semicolons inside strings, comments and dollar-quoted bodies are not
// mistaken for statement ends. Spans holding only comments are dropped. If
// the scanner fails (an unterminated quote), the whole text is one span and
// the parser reports the error.
func split(text string) []span {
	res, err := pg.Scan(text)
	if err != nil {
		return []span{{0, 0, len(text)}}
	}
	var spans []span
	cur := span{start: 0, first: -1}
	for _, tok := range res.GetTokens() {
		switch tok.GetToken() {
		case pg.Token_SQL_COMMENT, pg.Token_C_COMMENT:
			continue
		case pg.Token_ASCII_59: // ';'
			cur.end = int(tok.GetEnd())
			if cur.first >= 0 {
				spans = append(spans, cur)
			}
			cur = span{start: cur.end, first: -1}
			continue
		}
		if cur.first < 0 {
			cur.first = int(tok.GetStart())
		}
	}
	if cur.first >= 0 {
		cur.end = len(text)
		spans = append(spans, cur)
	}
	return spans
}
