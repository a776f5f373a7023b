package queuemodel

import (
	"strings"
	"unicode"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// keepsPick reports whether an UPDATE built around a poll-shaped SELECT
// of its own table leaves the row it picks where the SELECT found it:
// its SET writes none of the columns the SELECT filters or orders on,
// and nothing in the statement locks a row. Such a write takes no job:
// the next run of the same statement picks the same row again (UPDATE
// incidents SET report_count = report_count + 1 WHERE id = (SELECT id
// FROM incidents WHERE status IN (...) AND created_at > ... ORDER BY
// distance LIMIT 1), a de-duplication counter bumped on the nearest
// open incident). A take moves the row out of its poll: a state, a lease
// or owner the poll filters on (locked_at IS NULL, run_at <= now()), a
// counter it bounds (attempts < 5), or a column it orders by (a round
// robin on last_polled_at); or it holds the row's lock. The poll is left
// alone when its conditions are not all in sight (a join, a WITH query
// or subquery it reads from).
func keepsPick(top, s *sqlcheck.Stmt) bool {
	if top.Kind != sqlcheck.KindUpdate || s == top || s.Kind != sqlcheck.KindSelect || s.Table != top.Table ||
		len(top.Set) == 0 || s.Joined || s.FromCTE != "" || len(s.Subqueries) > 0 || len(s.JoinedTables) > 0 {
		return false
	}
	locks := false
	top.Walk(func(x *sqlcheck.Stmt) { locks = locks || x.Lock != nil })
	if locks {
		return false
	}
	read := map[string]bool{}
	var preds func([]sqlcheck.Pred)
	preds = func(ps []sqlcheck.Pred) {
		for _, p := range ps {
			if p.Column != "" {
				read[p.Column] = true
			}
			// The conjunct's text too: a column read through a function
			// (ST_DWithin(location, ...)) has no Column.
			for _, w := range identifiers(p.Text) {
				read[w] = true
			}
			for _, br := range p.Branches {
				preds(br)
			}
		}
	}
	preds(s.Where)
	for _, o := range s.OrderBy {
		if o.Column != "" {
			read[o.Column] = true
		}
		for _, w := range identifiers(o.Expr) {
			read[w] = true
		}
	}
	for _, a := range top.Set {
		if a.Column == "" || read[strings.ToLower(a.Column)] {
			return false
		}
	}
	return true
}

// identifiers returns the words of a SQL text that may name a column, in
// lower case (quoted names lose their quotes; keywords and function names
// are kept, they only widen the set).
func identifiers(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '$'
	})
}
