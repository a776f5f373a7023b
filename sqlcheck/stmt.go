package sqlcheck

import (
	"cmp"
	"slices"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// A Kind is what a statement does.
type Kind int

const (
	KindOther Kind = iota // DDL, utility statements, anything not DML
	KindSelect
	KindInsert
	KindUpdate
	KindDelete
)

func (k Kind) String() string {
	return [...]string{"other", "SELECT", "INSERT", "UPDATE", "DELETE"}[k]
}

// A Lock is a SELECT's row-locking clause.
type Lock struct {
	Strength   string // "update", "no key update", "share", "key share"
	SkipLocked bool
	NoWait     bool
}

// An OrderItem is one ORDER BY key.
type OrderItem struct {
	Column string // the column, when the key is a plain column
	Expr   string // the key as SQL
	Desc   bool
}

// An Assign is one SET col = value of an UPDATE (or ON CONFLICT DO UPDATE).
type Assign struct {
	Column string
	Value  Value
}

// An Output is one item of a SELECT list or RETURNING list.
type Output struct {
	Name   string   // the name the item gives back: its AS alias, else its column; "" for an unnamed expression
	Column string   // the source column, when the item is a plain column (its qualifier dropped); "" otherwise
	Star   bool     // * or t.*: every column of the table
	Reads  []string // for an expression (COALESCE(max_attempts, 0)), the columns it reads
}

// A CTE is one WITH query.
type CTE struct {
	Name string
	Stmt *Stmt
	// given says that the query reads no table, only parameters.
	given bool
}

// Stmt holds the facts of one DML statement that the queue rules use.
type Stmt struct {
	Kind  Kind
	Table string // the target (INSERT/UPDATE/DELETE), or the table a SELECT reads its rows from (the one it reads, or its subject among joined tables), qualified ("public.jobs"); "" when none or not known
	Alias string
	// FromCTE names the WITH query a SELECT reads from, or that an UPDATE or
	// DELETE joins through FROM/USING, when it does.
	FromCTE string
	// fromSub is the subquery a SELECT reads its rows from when its FROM
	// is that subquery alone (SELECT ... FROM (SELECT ...) t).
	fromSub *Stmt
	// fromAlone says that FROM lists one item, no JOIN.
	fromAlone bool
	// GivenKeys are, for an UPDATE or DELETE that joins through FROM or
	// USING a WITH query or subquery that reads no table but the caller's
	// parameters (unnest($1::uuid[]), VALUES ($1, $2)), the columns of its
	// table its WHERE equates with that query's columns: it names its rows
	// by keys the caller gives, as WHERE id = ANY($1) does.
	GivenKeys []string
	// given are the names (or aliases) in FROM or USING of such queries.
	given []string
	// lockedFrom is, for a SELECT that joins other items with one
	// subquery that locks its rows, that subquery (see LockedFrom).
	lockedFrom *Stmt
	// setOp says that a SELECT is a UNION, INTERSECT or EXCEPT, whose arms
	// are its Subqueries.
	setOp bool
	// Grouped says that a SELECT has a GROUP BY: it returns one row per
	// group (counts, oldest times), not rows of its table.
	Grouped bool
	// Joined says that a SELECT's table is joined with a WITH query, a
	// subquery or other tables in FROM: the rows it reads are the ones the
	// join names (FROM ids JOIN jobs ON jobs.id = ids.id), not found by
	// its WHERE alone.
	Joined bool
	// others are the names (or aliases) of the other tables a Joined
	// SELECT reads; their conditions are not in Where.
	others []string
	// JoinCols are, for a Joined SELECT, the columns of its table that the
	// join equates with columns of the WITH query or subquery (queue =
	// q.name, USING (queue)); nil when there is no such condition or one
	// names a column the tool cannot place (unqualified).
	JoinCols []string
	// NarrowedByTables says that a Joined SELECT joins only tables (no WITH
	// query, no subquery) and binds no parameter in a condition that is not
	// about its own table alone: the joined tables narrow which of its rows
	// qualify (JOIN job_frontier f ON f.job_id = j.id WHERE f.ready), they
	// name no rows the caller gives (WHERE b.batch_id = $1 would).
	NarrowedByTables bool
	// JoinedTables are, for a SELECT that joins tables with no subject the tool
	// can tell (its outputs come from several of them), those tables; the
	// caller may know which one it reads (see AsSubject). whereConds are
	// then its WHERE's conjuncts, joinItems its FROM list, and
	// joinTablesOnly says that list holds tables only (no WITH query, no
	// subquery).
	JoinedTables   []JoinedTable
	whereConds     []*pg.Node
	joinItems      []*pg.Node
	joinTablesOnly bool

	Where     []Pred
	OrderBy   []OrderItem
	Limit     *Value // LIMIT's value; nil when there is none
	Offset    *Value // OFFSET's value; nil when there is none
	Lock      *Lock  // FOR UPDATE/...; nil when there is none
	Set       []Assign
	Returning []string // RETURNING's columns ("*" for all); nil when there is none
	// Outputs are the columns a SELECT or RETURNING gives back, in order:
	// what a Scan's arguments receive.
	Outputs []Output

	InsertCols   []string
	InsertValues []Value // the first VALUES row, aligned with InsertCols
	OnConflict   bool
	// ConflictCols are the columns ON CONFLICT (...) names, when every
	// one is a plain column; ConflictUpdate says the action is DO UPDATE.
	ConflictCols   []string
	ConflictUpdate bool

	CTEs       []CTE
	Subqueries []*Stmt // SELECTs nested in WHERE, FROM or SET

	// Origin is the Go string literal a statement of ModuleStatements was
	// read from; nil for a statement of a .sql file or parsed otherwise.
	Origin *Source

	clauses map[Clause]int // see At
}

// Facts extracts the facts of a parsed statement; it returns nil for
// statements that are not DML.
func Facts(raw RawStmt) *Stmt {
	st := facts(raw.Node)
	if st == nil || st.Kind == KindOther {
		return nil
	}
	st.placeClauses(raw)
	return st
}

func facts(n *pg.Node) *Stmt { return factsIn(n, nil) }

// A scope is the chain of statements a nested statement is read in: the
// WITH queries of each are names its FROM may use (a WITH query's own
// earlier siblings, and those of every enclosing statement).
type scope struct {
	st *Stmt
	up *scope
}

// cte returns the WITH query a name in FROM refers to, looking outwards.
func (sc *scope) cte(name string) *CTE {
	for ; sc != nil; sc = sc.up {
		if c := sc.st.cte(name); c != nil {
			return c
		}
	}
	return nil
}

// factsIn extracts the facts of a statement nested in the statements of up
// (nil at the top).
func factsIn(n *pg.Node, up *scope) *Stmt {
	switch {
	case n.GetSelectStmt() != nil:
		return selectFacts(n.GetSelectStmt(), up)
	case n.GetUpdateStmt() != nil:
		u := n.GetUpdateStmt()
		st := &Stmt{Kind: KindUpdate}
		sc := &scope{st, up}
		st.target(u.GetRelation())
		st.with(sc, u.GetWithClause())
		st.from(sc, u.GetFromClause())
		st.where(sc, u.GetWhereClause())
		st.givenKeys(u.GetWhereClause())
		st.assign(sc, u.GetTargetList())
		st.returning(u.GetReturningList())
		return st
	case n.GetDeleteStmt() != nil:
		d := n.GetDeleteStmt()
		st := &Stmt{Kind: KindDelete}
		sc := &scope{st, up}
		st.target(d.GetRelation())
		st.with(sc, d.GetWithClause())
		st.from(sc, d.GetUsingClause())
		st.where(sc, d.GetWhereClause())
		st.givenKeys(d.GetWhereClause())
		st.returning(d.GetReturningList())
		return st
	case n.GetInsertStmt() != nil:
		return insertFacts(n.GetInsertStmt(), up)
	}
	return &Stmt{Kind: KindOther}
}

func selectFacts(s *pg.SelectStmt, up *scope) *Stmt {
	st := &Stmt{Kind: KindSelect}
	sc := &scope{st, up}
	if s.GetOp() != pg.SetOperation_SETOP_NONE {
		// UNION and friends: model each arm as a subquery.
		st.setOp = true
		st.with(sc, s.GetWithClause())
		for _, arm := range []*pg.SelectStmt{s.GetLarg(), s.GetRarg()} {
			if arm != nil {
				st.Subqueries = append(st.Subqueries, selectFacts(arm, sc))
			}
		}
		return st
	}
	st.with(sc, s.GetWithClause())
	if tables := st.from(sc, s.GetFromClause()); st.Table == "" && len(tables) > 1 {
		st.subject(tables, s)
		if st.Table == "" && st.FromCTE == "" {
			for _, rv := range tables {
				st.JoinedTables = append(st.JoinedTables, JoinedTable{QualifiedName(rv.GetSchemaname(), rv.GetRelname()), rv.GetAlias().GetAliasname()})
			}
			st.whereConds = conjuncts(s.GetWhereClause())
			st.joinItems, st.joinTablesOnly = s.GetFromClause(), tablesOnly(sc, s.GetFromClause())
		}
	}
	st.where(sc, s.GetWhereClause())
	st.Grouped = len(s.GetGroupClause()) > 0
	if st.Joined {
		st.JoinCols = st.joinCols(s.GetFromClause(), s.GetWhereClause())
		st.NarrowedByTables = tablesOnly(sc, s.GetFromClause()) && !st.othersGiven(s.GetFromClause(), s.GetWhereClause())
	}
	for _, item := range s.GetSortClause() {
		sb := item.GetSortBy()
		if sb == nil {
			continue
		}
		st.OrderBy = append(st.OrderBy, OrderItem{
			Column: columnName(sb.GetNode()),
			Expr:   Deparse(sb.GetNode()),
			Desc:   sb.GetSortbyDir() == pg.SortByDir_SORTBY_DESC,
		})
	}
	if lc := s.GetLimitCount(); lc != nil {
		v := value(lc)
		st.Limit = &v
	}
	if lo := s.GetLimitOffset(); lo != nil {
		v := value(lo)
		st.Offset = &v
	}
	if len(s.GetFromClause()) == 1 {
		st.limitThrough(up)
	}
	for _, l := range s.GetLockingClause() {
		lc := l.GetLockingClause()
		if lc == nil {
			continue
		}
		st.Lock = &Lock{
			Strength:   lockStrength(lc.GetStrength()),
			SkipLocked: lc.GetWaitPolicy() == pg.LockWaitPolicy_LockWaitSkip,
			NoWait:     lc.GetWaitPolicy() == pg.LockWaitPolicy_LockWaitError,
		}
	}
	for _, t := range s.GetTargetList() {
		st.subqueriesIn(sc, t.GetResTarget().GetVal())
	}
	st.Outputs = outputs(s.GetTargetList())
	return st
}

// outputs models a SELECT or RETURNING list.
func outputs(list []*pg.Node) []Output {
	var out []Output
	for _, t := range list {
		val := t.GetResTarget().GetVal()
		if ref := val.GetColumnRef(); ref != nil {
			fields := ref.GetFields()
			if len(fields) > 0 && fields[len(fields)-1].GetAStar() != nil {
				out = append(out, Output{Star: true})
				continue
			}
		}
		o := Output{Column: columnName(val)}
		o.Name = t.GetResTarget().GetName()
		if o.Name == "" {
			o.Name = o.Column
		}
		if o.Column == "" {
			walk(val, func(n *pg.Node) bool {
				if c := columnName(n); c != "" && n.GetColumnRef() != nil {
					o.Reads = append(o.Reads, c)
				}
				return true
			})
		}
		out = append(out, o)
	}
	return out
}

func lockStrength(s pg.LockClauseStrength) string {
	switch s {
	case pg.LockClauseStrength_LCS_FORUPDATE:
		return "update"
	case pg.LockClauseStrength_LCS_FORNOKEYUPDATE:
		return "no key update"
	case pg.LockClauseStrength_LCS_FORSHARE:
		return "share"
	case pg.LockClauseStrength_LCS_FORKEYSHARE:
		return "key share"
	}
	return ""
}

func insertFacts(ins *pg.InsertStmt, up *scope) *Stmt {
	st := &Stmt{Kind: KindInsert}
	sc := &scope{st, up}
	st.target(ins.GetRelation())
	st.with(sc, ins.GetWithClause())
	for _, c := range ins.GetCols() {
		st.InsertCols = append(st.InsertCols, c.GetResTarget().GetName())
	}
	if sel := ins.GetSelectStmt().GetSelectStmt(); sel != nil {
		if rows := sel.GetValuesLists(); len(rows) > 0 {
			for _, item := range rows[0].GetList().GetItems() {
				st.InsertValues = append(st.InsertValues, value(item))
			}
		} else {
			st.Subqueries = append(st.Subqueries, selectFacts(sel, sc))
		}
	}
	if oc := ins.GetOnConflictClause(); oc != nil {
		st.OnConflict = true
		st.ConflictUpdate = oc.GetAction() == pg.OnConflictAction_ONCONFLICT_UPDATE
		st.ConflictCols = conflictColumns(oc.GetInfer())
		st.assign(sc, oc.GetTargetList())
	}
	st.returning(ins.GetReturningList())
	return st
}

func conflictColumns(in *pg.InferClause) []string {
	var cols []string
	for _, e := range in.GetIndexElems() {
		name := e.GetIndexElem().GetName()
		if name == "" {
			return nil // an expression
		}
		cols = append(cols, name)
	}
	return cols
}

func (st *Stmt) target(rv *pg.RangeVar) {
	if rv == nil {
		return
	}
	st.Table = QualifiedName(rv.GetSchemaname(), rv.GetRelname())
	st.Alias = rv.GetAlias().GetAliasname()
}

func (st *Stmt) with(sc *scope, w *pg.WithClause) {
	for _, c := range w.GetCtes() {
		cte := c.GetCommonTableExpr()
		if cte == nil {
			continue
		}
		if sub := factsIn(cte.GetCtequery(), sc); sub != nil {
			st.CTEs = append(st.CTEs, CTE{Name: cte.GetCtename(), Stmt: sub, given: readsOnlyParams(cte.GetCtequery())})
		}
	}
}

// from records the FROM (or USING) list. A SELECT gets its table when it
// reads exactly one relation; a reference to a WITH query is kept apart.
// It returns the relations read.
func (st *Stmt) from(sc *scope, items []*pg.Node) []*pg.RangeVar {
	var tables []*pg.RangeVar
	others := false // a WITH query or a subquery among the joined items
	lockers, locked := 0, (*Stmt)(nil)
	var add func(item *pg.Node)
	add = func(item *pg.Node) {
		switch {
		case item.GetRangeVar() != nil:
			rv := item.GetRangeVar()
			if rv.GetSchemaname() == "" && sc.cte(rv.GetRelname()) != nil {
				st.FromCTE = rv.GetRelname()
				others = true
				if sc.cte(rv.GetRelname()).given {
					st.given = append(st.given, cmp.Or(rv.GetAlias().GetAliasname(), rv.GetRelname()))
				}
				return
			}
			tables = append(tables, rv)
		case item.GetRangeSubselect() != nil:
			others = true
			if rs := item.GetRangeSubselect(); readsOnlyParams(rs.GetSubquery()) && rs.GetAlias() != nil {
				st.given = append(st.given, rs.GetAlias().GetAliasname())
			}
			if sub := factsIn(item.GetRangeSubselect().GetSubquery(), sc); sub != nil {
				st.Subqueries = append(st.Subqueries, sub)
				if item == items[0] { // not an arm of a JOIN
					st.fromSub = sub
				}
				if sub.Kind == KindSelect && sub.Lock != nil && sub.Table != "" {
					lockers++
					locked = sub
				}
			}
		case item.GetJoinExpr() != nil:
			j := item.GetJoinExpr()
			add(j.GetLarg())
			add(j.GetRarg())
			st.subqueriesIn(sc, j.GetQuals())
		}
	}
	for _, item := range items {
		add(item)
	}
	st.fromAlone = len(items) == 1 && items[0].GetJoinExpr() == nil
	if st.Kind == KindSelect && lockers == 1 && hasJoin(items) {
		// FROM (SELECT ... FOR UPDATE SKIP LOCKED LIMIT 1) c JOIN issuers
		// i ON ...: the rows the SELECT takes are those the subquery
		// locks; the tables joined to it only add columns.
		st.lockedFrom = locked
		return nil
	}
	if st.Kind == KindSelect && len(tables) == 1 {
		st.target(tables[0])
		st.Joined = others && len(items) > 0 && hasJoin(items)
	}
	return tables
}

// subject gives a SELECT that joins several tables the one whose rows it
// returns: the table its locking clause names alone (FOR UPDATE OF d), or
// else the one every output column is qualified by (SELECT d.*, d.id).
// The SELECT is then Joined: the other tables choose which of its rows
// qualify, as a WITH query joined with it does (see IsFilteredPollShape),
// and their conditions are left out of its WHERE (see others).
func (st *Stmt) subject(tables []*pg.RangeVar, s *pg.SelectStmt) {
	pick := ""
	for _, l := range s.GetLockingClause() {
		rels := l.GetLockingClause().GetLockedRels()
		if len(rels) == 0 {
			continue // FOR UPDATE of every table
		}
		if len(rels) > 1 || pick != "" {
			return
		}
		pick = rels[0].GetRangeVar().GetRelname()
	}
	if pick == "" {
		for _, t := range s.GetTargetList() {
			ref := t.GetResTarget().GetVal().GetColumnRef()
			if ref == nil {
				return
			}
			q := qualifier(ref)
			if q == "" || pick != "" && q != pick {
				return
			}
			pick = q
		}
	}
	var subject *pg.RangeVar
	var others []string
	for _, rv := range tables {
		name := rv.GetAlias().GetAliasname()
		if name == "" {
			name = rv.GetRelname()
		}
		if name == pick {
			if subject != nil {
				return
			}
			subject = rv
			continue
		}
		others = append(others, name)
	}
	if subject == nil {
		return
	}
	st.target(subject)
	st.Joined = true
	st.others = others
}

// A JoinedTable is one of the tables a SELECT joins.
type JoinedTable struct {
	Table string // qualified
	Alias string
}

// AsSubject returns a SELECT that joins tables with no subject the tool
// can tell (see JoinedTables) read as the SELECT of one of them, which the
// caller knows from elsewhere (the table a later UPDATE of the rows it
// returned writes): a copy whose Table is that one, Joined, and whose
// Where leaves out the conditions whose every column another table's
// name or alias qualifies. Like a Joined SELECT whose subject the tool
// tells, the copy is NarrowedByTables when the others are tables and no
// condition binds a parameter unless it is about the subject alone. It
// returns nil when the table is not one of its sources, or is joined
// twice.
func (st *Stmt) AsSubject(table string) *Stmt {
	var subject *JoinedTable
	var others []string
	for i, src := range st.JoinedTables {
		name := src.Alias
		if name == "" {
			name = src.Table[strings.LastIndexByte(src.Table, '.')+1:]
		}
		if src.Table != table {
			others = append(others, name)
			continue
		}
		if subject != nil {
			return nil
		}
		subject = &st.JoinedTables[i]
	}
	if subject == nil {
		return nil
	}
	cp := *st
	cp.Table, cp.Alias, cp.Joined, cp.others, cp.JoinedTables, cp.Where = subject.Table, subject.Alias, true, others, nil, nil
	cp.whereConds, cp.joinItems = nil, nil
	for _, c := range st.whereConds {
		if !cp.aboutOthers(c) {
			cp.Where = append(cp.Where, pred(c))
		}
	}
	cp.NarrowedByTables = st.joinTablesOnly && !cp.othersGivenIn(st.joinItems, st.whereConds)
	return &cp
}

// joinCols returns the columns of st's table that a FROM list's join
// conditions equate with a column of another item: the ON conditions and
// USING lists of its JOINs and, for items listed with commas, the WHERE's
// conjuncts. It returns nil when a condition equating two columns cannot
// be placed: a column without its table's name or alias.
func (st *Stmt) joinCols(items []*pg.Node, where *pg.Node) []string {
	own := st.Alias
	if own == "" {
		own = st.Table[strings.LastIndexByte(st.Table, '.')+1:]
	}
	var conds []*pg.Node
	var cols []string
	var add func(item *pg.Node)
	add = func(item *pg.Node) {
		j := item.GetJoinExpr()
		if j == nil {
			return
		}
		add(j.GetLarg())
		add(j.GetRarg())
		conds = append(conds, conjuncts(j.GetQuals())...)
		for _, u := range j.GetUsingClause() {
			cols = append(cols, u.GetString_().GetSval())
		}
	}
	for _, item := range items {
		add(item)
	}
	if len(items) > 1 {
		conds = append(conds, conjuncts(where)...)
	}
	for _, c := range conds {
		e := c.GetAExpr()
		if e == nil || e.GetKind() != pg.A_Expr_Kind_AEXPR_OP || opName(e.GetName()) != "=" {
			continue
		}
		l, r := stripCast(e.GetLexpr()).GetColumnRef(), stripCast(e.GetRexpr()).GetColumnRef()
		if l == nil || r == nil {
			continue
		}
		ql, qr := qualifier(l), qualifier(r)
		switch {
		case ql == "" || qr == "":
			return nil
		case ql == own && qr != own:
			cols = append(cols, columnName(e.GetLexpr()))
		case qr == own && ql != own:
			cols = append(cols, columnName(e.GetRexpr()))
		}
	}
	return cols
}

// qualifier returns the table name or alias that qualifies a column
// reference (j in j.id), "" when there is none.
func qualifier(ref *pg.ColumnRef) string {
	f := ref.GetFields()
	if len(f) < 2 {
		return ""
	}
	return f[len(f)-2].GetString_().GetSval()
}

// tablesOnly reports whether a FROM list reads only tables, joined or
// listed: no WITH query, subquery, function or VALUES list.
func tablesOnly(sc *scope, items []*pg.Node) bool {
	for _, item := range items {
		switch {
		case item.GetRangeVar() != nil:
			if rv := item.GetRangeVar(); rv.GetSchemaname() == "" && sc.cte(rv.GetRelname()) != nil {
				return false
			}
		case item.GetJoinExpr() != nil:
			j := item.GetJoinExpr()
			if !tablesOnly(sc, []*pg.Node{j.GetLarg(), j.GetRarg()}) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// othersGiven reports whether a condition of a Joined SELECT's WHERE or
// JOIN ... ON binds a parameter and is not about its own table alone
// (every column qualified by its name or alias): the parameter may name
// the rows of another table it joins.
func (st *Stmt) othersGiven(items []*pg.Node, where *pg.Node) bool {
	return st.othersGivenIn(items, conjuncts(where))
}

// othersGivenIn is othersGiven given the WHERE's conjuncts.
func (st *Stmt) othersGivenIn(items []*pg.Node, where []*pg.Node) bool {
	own := cmp.Or(st.Alias, st.Table[strings.LastIndexByte(st.Table, '.')+1:])
	conds := slices.Clone(where)
	var quals func(n *pg.Node)
	quals = func(n *pg.Node) {
		if j := n.GetJoinExpr(); j != nil {
			conds = append(conds, conjuncts(j.GetQuals())...)
			quals(j.GetLarg())
			quals(j.GetRarg())
		}
	}
	for _, item := range items {
		quals(item)
	}
	for _, c := range conds {
		params, ownOnly := false, true
		walk(c, func(m *pg.Node) bool {
			params = params || m.GetParamRef() != nil
			if ref := m.GetColumnRef(); ref != nil && qualifier(ref) != own {
				ownOnly = false
			}
			return true
		})
		if params && !ownOnly {
			return true
		}
	}
	return false
}

// hasJoin reports whether a FROM list joins its items: a JOIN, or more
// than one item (FROM ids, jobs WHERE jobs.id = ids.id).
func hasJoin(items []*pg.Node) bool {
	return len(items) > 1 || items[0].GetJoinExpr() != nil
}

// limitThrough gives a WITH query or a subquery the LIMIT of a SELECT
// that reads nothing else (WITH next AS (SELECT ... FROM outbox WHERE
// status = $1) SELECT * FROM next ORDER BY created_at LIMIT $2, or SELECT
// * FROM (SELECT ... FROM outbox WHERE status = $1) next ORDER BY
// created_at LIMIT $2): the rows it takes are the first of those the inner
// query finds in its table, so the inner query is the search for the next
// rows, bounded by that LIMIT, and ordered by the outer ORDER BY when it
// has none of its own. The WITH query may belong to an enclosing statement
// (UPDATE jobs ... FROM (SELECT id FROM next ORDER BY created_at LIMIT 10)
// picked, next a WITH query of the UPDATE), and the inner query may itself
// read nothing but another (WITH next AS (SELECT DISTINCT ON (account) *
// FROM (SELECT ... FROM jobs WHERE ...) t)): the LIMIT passes down to the
// query that reads the table.
func (st *Stmt) limitThrough(up *scope) {
	if st.Limit == nil || st.Table != "" {
		return
	}
	sc := &scope{st, up}
	var inner *Stmt
	switch {
	case st.FromCTE != "":
		if c := sc.cte(st.FromCTE); c != nil {
			inner = c.Stmt
		}
	case st.fromSub != nil:
		inner = st.fromSub
	}
	if inner == nil || inner.Kind != KindSelect || inner.Limit != nil {
		return
	}
	if !inner.setOp {
		st.limitInto(inner)
		if inner.fromAlone {
			inner.limitThrough(sc)
		}
		return
	}
	// SELECT ... FROM (SELECT ... UNION ALL SELECT ...) due ORDER BY
	// created_at LIMIT $1: each arm gives at most the first LIMIT rows of
	// its own in that order, so each arm is such a search.
	for _, arm := range inner.Subqueries {
		if arm.Kind == KindSelect && arm.Limit == nil && !arm.setOp {
			st.limitInto(arm)
		}
	}
}

// limitInto gives inner st's LIMIT, and its order when inner has none.
func (st *Stmt) limitInto(inner *Stmt) {
	limit := *st.Limit
	inner.Limit = &limit
	if len(inner.OrderBy) == 0 {
		inner.OrderBy = st.OrderBy
	}
}

// ReadsFrom returns the WITH query or the subquery a SELECT reads its rows
// from when it reads nothing else (SELECT * FROM next, SELECT * FROM
// (SELECT ...) t), nil otherwise.
func (st *Stmt) ReadsFrom() *Stmt {
	if st.Kind != KindSelect || st.Table != "" || !st.fromAlone {
		return nil
	}
	if st.fromSub != nil {
		return st.fromSub
	}
	if st.FromCTE != "" {
		if c := st.cte(st.FromCTE); c != nil {
			return c.Stmt
		}
	}
	return nil
}

// Arms returns the SELECTs a UNION, INTERSECT or EXCEPT combines, nil for
// any other statement.
func (st *Stmt) Arms() []*Stmt {
	if !st.setOp {
		return nil
	}
	return st.Subqueries
}

// LockedFrom returns, for a SELECT that joins one subquery that locks its
// rows with other tables (SELECT c.id, i.key FROM (SELECT * FROM creds
// WHERE signed IS NULL LIMIT 1 FOR UPDATE SKIP LOCKED) c JOIN issuers i
// ON i.id = c.issuer_id), that subquery: the statement's rows are the ones
// it locks. Such a SELECT has no Table of its own. It returns nil
// otherwise.
func (st *Stmt) LockedFrom() *Stmt { return st.lockedFrom }

func (st *Stmt) cte(name string) *CTE {
	for i := range st.CTEs {
		if st.CTEs[i].Name == name {
			return &st.CTEs[i]
		}
	}
	return nil
}

// readsOnlyParams reports whether a query reads no table and at least
// one parameter: its rows are values the caller gives.
func readsOnlyParams(n *pg.Node) bool {
	tables, params := false, false
	walk(n, func(m *pg.Node) bool {
		tables = tables || m.GetRangeVar() != nil
		params = params || m.GetParamRef() != nil
		return true
	})
	return params && !tables
}

// givenKeys records the columns of an UPDATE's or DELETE's table that its
// WHERE equates with a column of a query of st.given (see GivenKeys).
func (st *Stmt) givenKeys(w *pg.Node) {
	if len(st.given) == 0 {
		return
	}
	own := cmp.Or(st.Alias, st.Table[strings.LastIndexByte(st.Table, '.')+1:])
	for _, c := range conjuncts(w) {
		e := c.GetAExpr()
		if e == nil || e.GetKind() != pg.A_Expr_Kind_AEXPR_OP || opName(e.GetName()) != "=" {
			continue
		}
		l, r := stripCast(e.GetLexpr()), stripCast(e.GetRexpr())
		if l.GetColumnRef() == nil || r.GetColumnRef() == nil {
			continue
		}
		ql, qr := qualifier(l.GetColumnRef()), qualifier(r.GetColumnRef())
		switch {
		case ql == own && slices.Contains(st.given, qr):
			st.GivenKeys = append(st.GivenKeys, columnName(l))
		case qr == own && slices.Contains(st.given, ql):
			st.GivenKeys = append(st.GivenKeys, columnName(r))
		}
	}
}

func (st *Stmt) where(sc *scope, w *pg.Node) {
	if len(st.others) == 0 {
		st.Where = preds(w)
	} else {
		for _, c := range conjuncts(w) {
			if !st.aboutOthers(c) {
				st.Where = append(st.Where, pred(c))
			}
		}
	}
	st.subqueriesIn(sc, w)
}

// aboutOthers reports whether every column a condition reads is qualified
// by another table of the join than the SELECT's subject.
func (st *Stmt) aboutOthers(n *pg.Node) bool {
	refs, all := 0, true
	walk(n, func(m *pg.Node) bool {
		if ref := m.GetColumnRef(); ref != nil {
			refs++
			all = all && slices.Contains(st.others, qualifier(ref))
		}
		return true
	})
	return refs > 0 && all
}

func (st *Stmt) assign(sc *scope, targets []*pg.Node) {
	for _, t := range targets {
		rt := t.GetResTarget()
		if rt == nil {
			continue
		}
		st.Set = append(st.Set, Assign{Column: rt.GetName(), Value: value(rt.GetVal())})
		st.subqueriesIn(sc, rt.GetVal())
	}
}

func (st *Stmt) returning(list []*pg.Node) {
	if list == nil {
		return
	}
	st.Returning = []string{}
	st.Outputs = outputs(list)
	for _, t := range list {
		rt := t.GetResTarget()
		switch {
		case rt.GetName() != "":
			st.Returning = append(st.Returning, rt.GetName())
		case rt.GetVal().GetColumnRef() != nil:
			fields := rt.GetVal().GetColumnRef().GetFields()
			if len(fields) > 0 && fields[len(fields)-1].GetAStar() != nil {
				st.Returning = append(st.Returning, "*")
			} else {
				st.Returning = append(st.Returning, columnName(rt.GetVal()))
			}
		default:
			st.Returning = append(st.Returning, Deparse(rt.GetVal()))
		}
	}
}

// subqueriesIn records every SELECT nested (at any depth) in an expression.
func (st *Stmt) subqueriesIn(sc *scope, n *pg.Node) {
	walk(n, func(m *pg.Node) bool {
		if sl := m.GetSubLink(); sl != nil {
			if sub := factsIn(sl.GetSubselect(), sc); sub != nil {
				st.Subqueries = append(st.Subqueries, sub)
			}
			if te := sl.GetTestexpr(); te != nil {
				st.subqueriesIn(sc, te)
			}
			return false
		}
		return true
	})
}

// Walk calls f for st and every statement nested in it: CTEs first, then
// subqueries, depth first.
func (st *Stmt) Walk(f func(*Stmt)) {
	if st == nil {
		return
	}
	f(st)
	for _, c := range st.CTEs {
		c.Stmt.Walk(f)
	}
	for _, s := range st.Subqueries {
		s.Walk(f)
	}
}

// Assigns returns the value st assigns to col, if it does.
func (st *Stmt) Assigns(col string) (Value, bool) {
	for _, a := range st.Set {
		if a.Column == col {
			return a.Value, true
		}
	}
	for i, c := range st.InsertCols {
		if c == col && i < len(st.InsertValues) {
			return st.InsertValues[i], true
		}
	}
	return Value{}, false
}

// QualifiedName is the schema-qualified name of a relation; an unqualified
// name is taken to be in public, the default search_path.
func QualifiedName(schema, name string) string {
	if schema == "" {
		schema = "public"
	}
	return schema + "." + name
}

// LockersOf returns the SELECTs of st (st itself or nested in it) that
// lock rows of table: FOR UPDATE/SHARE in a SELECT whose rows come from
// table, alone or as the subject of a join (FROM jobs j JOIN next ON
// next.id = j.id FOR UPDATE OF j).
func (st *Stmt) LockersOf(table string) []*Stmt {
	var out []*Stmt
	st.Walk(func(s *Stmt) {
		if s.Kind == KindSelect && s.Lock != nil && s.Table == table {
			out = append(out, s)
		}
	})
	return out
}
