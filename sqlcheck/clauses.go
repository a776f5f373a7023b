package sqlcheck

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// A Clause names a part of a statement whose place in the text a finding
// can point at.
type Clause int

const (
	ClauseWhere   Clause = iota + 1 // the WHERE keyword (of an UPDATE, DELETE or SELECT)
	ClauseSet                       // the SET keyword of an UPDATE
	ClauseOrderBy                   // the ORDER BY keywords of a SELECT
)

// At returns the byte offset of a clause of the statement in the text it
// was parsed from (the whole text Parse was given), and whether the
// statement has that clause and its place is known. Only the statement's
// own clauses are placed, not those of its subqueries.
func (st *Stmt) At(c Clause) (int, bool) {
	off, ok := st.clauses[c]
	return off, ok
}

// placeClauses records where the top-level clauses of a parsed statement
// are: pg_query gives the location of each clause's first expression,
// and the keyword is found before it, over white space only.
func (st *Stmt) placeClauses(raw RawStmt) {
	n := raw.Node
	var where, set, order []*pg.Node
	switch {
	case n.GetUpdateStmt() != nil:
		where = []*pg.Node{n.GetUpdateStmt().GetWhereClause()}
		set = n.GetUpdateStmt().GetTargetList()
	case n.GetDeleteStmt() != nil:
		where = []*pg.Node{n.GetDeleteStmt().GetWhereClause()}
	case n.GetSelectStmt() != nil && n.GetSelectStmt().GetOp() == pg.SetOperation_SETOP_NONE:
		where = []*pg.Node{n.GetSelectStmt().GetWhereClause()}
		order = n.GetSelectStmt().GetSortClause()
	}
	place := func(c Clause, nodes []*pg.Node, keyword ...string) {
		loc := -1
		for _, x := range nodes {
			if l := firstLocation(x); l >= 0 && (loc < 0 || l < loc) {
				loc = l
			}
		}
		if loc < 0 {
			return
		}
		if at, ok := before(raw.Text, loc, keyword); ok {
			if st.clauses == nil {
				st.clauses = map[Clause]int{}
			}
			st.clauses[c] = raw.Base + at
		}
	}
	place(ClauseWhere, where, "WHERE")
	place(ClauseSet, set, "SET")
	place(ClauseOrderBy, order, "ORDER", "BY")
}

// firstLocation is the smallest location pg_query records in a tree: where
// its text starts. -1 when none is recorded.
func firstLocation(n *pg.Node) int {
	if n == nil {
		return -1
	}
	loc := -1
	var visit func(m protoreflect.Message)
	visit = func(m protoreflect.Message) {
		m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
			switch {
			case fd.Name() == "location" && fd.Kind() == protoreflect.Int32Kind:
				if l := int(v.Int()); l >= 0 && (loc < 0 || l < loc) {
					loc = l
				}
			case fd.IsList() && fd.Message() != nil:
				for i := 0; i < v.List().Len(); i++ {
					visit(v.List().Get(i).Message())
				}
			case fd.Message() != nil && !fd.IsMap():
				visit(v.Message())
			}
			return true
		})
	}
	visit(n.ProtoReflect())
	return loc
}

// before returns the offset of keyword (its words in order, white space
// between them) when it ends just before offset at, over white space.
func before(text string, at int, keyword []string) (int, bool) {
	if at > len(text) {
		return 0, false
	}
	i := at
	for k := len(keyword) - 1; k >= 0; k-- {
		i = len(strings.TrimRight(text[:i], " \t\r\n"))
		w := keyword[k]
		if i < len(w) || !strings.EqualFold(text[i-len(w):i], w) {
			return 0, false
		}
		i -= len(w)
		if i > 0 && isIdent(text[i-1]) {
			return 0, false
		}
	}
	return i, true
}
