package sqlcheck

import (
	pg "github.com/pganalyze/pg_query_go/v5"
)

// A dataSkip is the set of statements a reader of SQL files need not parse
// because nothing it keeps can come from them, by the first keyword that
// pg_query's scanner reads.
type dataSkip map[pg.Token]bool

var (
	// replaySkip is what the schema replay passes over: an INSERT, UPDATE,
	// DELETE or COPY is no DDL and sets neither search_path nor
	// lock_timeout (Schema.apply and recordLock do nothing with them). A
	// SELECT is parsed: set_config sets lock_timeout (see recordLock).
	replaySkip = dataSkip{pg.Token_INSERT: true, pg.Token_COPY: true, pg.Token_UPDATE: true, pg.Token_DELETE_P: true}
	// statementSkip is what Statements passes over: it keeps no INSERT,
	// and a COPY is no statement a rule reads.
	statementSkip = dataSkip{pg.Token_INSERT: true, pg.Token_COPY: true}
)

// scanFirst turns the scanner's look at each statement on; off, every
// statement is parsed in full (the benchmark and the equivalence test
// compare the two).
var scanFirst = true

// skips reports whether the statement sp of text is one the set passes
// over. The scanner reads the statement's first word only (the rest may be
// megabytes of VALUES): a keyword that starts a statement is all it needs.
// Anything the scanner cannot read is parsed.
func (d dataSkip) skips(text string, sp span) bool {
	if d == nil || !scanFirst {
		return false
	}
	end := sp.first
	for end < sp.end && isIdent(text[end]) {
		end++
	}
	if sp.end == len(text) {
		// The last statement may be the rest of the text behind a quote
		// left open, which the parser reports: scanned whole, it is an error.
		end = sp.end
	}
	res, err := pg.Scan(text[sp.first:end])
	if err != nil {
		return false
	}
	toks := res.GetTokens()
	return len(toks) > 0 && d[toks[0].GetToken()]
}
