package ormsql

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
)

// GORM (gorm.io/gorm with the postgres dialector): a chain of *gorm.DB
// builder calls (Model, Table, Where, Order, Limit, Clauses...) sends its
// statement at a finisher (Find, First, Update, Create, Delete...), and
// Raw and Exec send SQL the code writes with ? placeholders, which the
// dialector numbers $1, $2... The chain is followed on SSA, so it may
// cross variables and branches; a chain that differs by path is one
// statement per way (Variants) when the ways lock their rows alike, and a
// way built only for another database is left out (offPostgres).

// gormFinishers maps each *gorm.DB method that sends SQL to how its
// result comes back.
var gormFinishers = map[string]string{
	"Find": "Query", "Scan": "Query", "Rows": "Query",
	"First": "QueryRow", "Take": "QueryRow", "Last": "QueryRow", "Row": "QueryRow", "Count": "QueryRow",
	"Update": "Exec", "Updates": "Exec", "UpdateColumn": "Exec", "UpdateColumns": "Exec",
	"Create": "Exec", "Save": "Exec", "Delete": "Exec", "Exec": "Exec", "Pluck": "Query",
}

// gormBuilders are the chain methods the reader follows; any other method
// returning a *gorm.DB (Or, Not, Joins, Group, Scopes...) leaves the
// statement unread.
var gormBuilders = map[string]bool{
	"Model": true, "Table": true, "Where": true, "Order": true, "Limit": true, "Offset": true,
	"Clauses": true, "Select": true, "WithContext": true, "Session": true, "Debug": true,
	"Unscoped": true, "Raw": true, "Preload": true, "Set": true, "Omit": true,
}

func readGorm(r *Request) (Statement, bool) {
	sig := r.Callee.Type().(*types.Signature)
	if sig.Recv() != nil && effects.IsGormGeneric(sig.Recv().Type()) {
		return readGormGeneric(r)
	}
	if sig.Recv() == nil || !effects.IsGormDB(sig.Recv().Type()) {
		return Statement{}, false
	}
	method, ok := gormFinishers[r.Callee.Name()]
	if !ok {
		return Statement{}, false
	}
	st := Statement{Method: method, Handle: HandleUnknown}
	st.ResultChecked = gormResultChecked(r)
	call := r.Effects.Call(r.Call)
	if call == nil {
		st.Unread = "no SSA for the GORM call"
		return st, true
	}
	if r.Effects.TxOf(call) != nil {
		st.Handle = HandleTx
	}
	g := newGormReader(r)
	chains, why := g.chains(call.Common().Args[0], 0)
	if why != "" {
		st.Unread = why
		return st, true
	}
	var first *gormSQL
	for _, ch := range chains {
		out := g.build(ch, call)
		if out.why != "" {
			st.Unread = out.why
			return st, true
		}
		if first == nil {
			first = &out
			continue
		}
		if out.sql == first.sql && slices.Equal(out.args, first.args) ||
			slices.ContainsFunc(st.Variants, func(v Variant) bool { return v.SQL == out.sql && slices.Equal(v.Args, out.args) }) {
			continue
		}
		if why := gormVariantWhy(first, &out); why != "" {
			st.Unread = why
			return st, true
		}
		st.Variants = append(st.Variants, Variant{SQL: out.sql, Args: out.args})
	}
	st.SQL, st.Args, st.SQLExpr, st.ScanArgs, st.Known = first.sql, first.args, first.sqlExpr, first.scan, true
	st.Consts, st.Sets, st.Names, st.Written = first.consts, first.sets, first.names, first.written
	return st, true
}

// gormVariantWhy says why a chain built otherwise on another path (a
// Where added under an if) is not read as one more statement of the call:
// a way that locks its rows otherwise than the first (FOR UPDATE SKIP
// LOCKED on some paths only, by a flag the tool cannot tell) would have a
// rule judge a lock it cannot say is taken; a text the code wrote (Raw,
// Exec) or constants bound by number belong to one way only.
func gormVariantWhy(first, out *gormSQL) string {
	switch {
	case out.lock != first.lock:
		return "the GORM chain locks its rows on some paths only"
	case out.sqlExpr != nil || first.sqlExpr != nil:
		return "the GORM chain builds a different statement on different paths"
	case len(out.consts) > 0 || len(first.consts) > 0 || len(out.sets) > 0 || len(first.sets) > 0:
		return "the GORM chain builds a different statement on different paths"
	}
	return ""
}

// newGormReader is a reader of the chains of the request's function.
func newGormReader(r *Request) *gormReader {
	g := &gormReader{r: r, calls: map[token.Pos]*ast.CallExpr{}}
	if fd, ok := enclosingFunc(r); ok {
		for c := range fd.Preorder((*ast.CallExpr)(nil)) {
			ce := c.Node().(*ast.CallExpr)
			g.calls[ce.Lparen] = ce
		}
	}
	return g
}

func enclosingFunc(r *Request) (c inspector.Cursor, ok bool) {
	for c := range r.Cursor.Enclosing((*ast.FuncDecl)(nil)) {
		return c, true
	}
	return c, false
}

// gormResultChecked reports whether the code reads the RowsAffected or,
// for a finisher that reads one row, the Error of the result, or returns
// the *gorm.DB to its caller.
func gormResultChecked(r *Request) bool {
	parent := r.Cursor.Parent().Node()
	if sel, ok := parent.(*ast.SelectorExpr); ok {
		return sel.Sel.Name == "RowsAffected" || sel.Sel.Name == "Error" && gormFinishers[r.Callee.Name()] == "QueryRow"
	}
	if _, ok := parent.(*ast.ReturnStmt); ok {
		return true
	}
	as, ok := parent.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return false
	}
	v := r.Info.ObjectOf(id)
	fd, ok := enclosingFunc(r)
	if v == nil || !ok {
		return false
	}
	checked := false
	ast.Inspect(fd.Node(), func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if ok {
			if x, ok := sel.X.(*ast.Ident); ok && r.Info.Uses[x] == v {
				checked = checked || sel.Sel.Name == "RowsAffected" || sel.Sel.Name == "Error" && gormFinishers[r.Callee.Name()] == "QueryRow"
			}
		}
		return !checked
	})
	return checked
}

type gormReader struct {
	r     *Request
	calls map[token.Pos]*ast.CallExpr // the function's calls by their opening parenthesis
	// gen is set for a chain of GORM's generic API (gormgeneric.go): a
	// query's destination, and the model of an Update or Delete, is a
	// zero value of the chain's type that GORM makes itself.
	gen bool
	// shift is the number of leading arguments of the request's call
	// that its finisher arguments come after (a generic finisher's
	// context), for reading them on SSA.
	shift int
}

// A gormStep is one builder call of a chain.
type gormStep struct {
	name string
	call *ast.CallExpr
	// scoped are the steps of the functions a Scopes call is given, in
	// order: GORM applies them when the statement is sent, after every
	// clause of the chain (see build).
	scoped []gormStep
}

// chains returns the builder calls that lead to a *gorm.DB value, from
// the handle it starts from, once per path that builds it differently.
func (g *gormReader) chains(v ssa.Value, depth int) ([][]gormStep, string) {
	return g.chainsIn(v, depth, nil)
}

// chainsIn is chains inside the helpers of frames (innermost last),
// whose parameters stand for their callers' arguments.
func (g *gormReader) chainsIn(v ssa.Value, depth int, frames []gormFrame) ([][]gormStep, string) {
	if depth > 8 {
		return nil, "the GORM chain goes through too many branches"
	}
	var steps []gormStep
	for {
		switch x := v.(type) {
		case *ssa.Call:
			c := x.Common()
			fn := c.StaticCallee()
			if fn != nil && fn.Signature.Recv() != nil && effects.IsGormDB(fn.Signature.Recv().Type()) {
				name := fn.Name()
				if name == "Begin" {
					return [][]gormStep{steps}, ""
				}
				if !gormBuilders[name] && name != "Scopes" {
					return nil, "GORM's " + name + " is not read"
				}
				if !gormCopies[name] && changedInPlace(x) {
					return nil, "the GORM chain value is given more clauses elsewhere, which GORM adds to it in place"
				}
				ce := g.calls[x.Pos()]
				if ce == nil {
					return nil, "the GORM chain is built out of sight"
				}
				if name == "Scopes" {
					return g.scopedChains(x, ce, steps, depth, frames)
				}
				steps = append([]gormStep{{name: name, call: ce}}, steps...)
				v = c.Args[0]
				continue
			}
			if fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "gorm.io/gorm" && fn.Name() == "Open" {
				return [][]gormStep{steps}, ""
			}
			if fn != nil && returnsBareHandle(fn, 0) {
				return [][]gormStep{steps}, ""
			}
			if fn != nil && g.helper(fn, frames) {
				sub, why := g.helperChains(fn, c.Args, depth, frames)
				if why != "" {
					return nil, why
				}
				return joinSteps(sub, steps)
			}
			return nil, "the GORM chain starts in a call the tool does not follow"
		case *ssa.Extract:
			if c, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
				if fn := c.Common().StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "gorm.io/gorm" && fn.Name() == "Open" {
					return [][]gormStep{steps}, ""
				}
			}
			return nil, "the GORM chain starts in a call the tool does not follow"
		case *ssa.Phi:
			if changedInPlace(x) {
				return nil, "the GORM chain value is given more clauses elsewhere, which GORM adds to it in place"
			}
			var out [][]gormStep
			for i, e := range x.Edges {
				sub, why := g.chainsIn(e, depth+1, frames)
				if why != "" {
					return nil, why
				}
				if offPostgres(x, i) {
					continue // built for another database (if db.Dialector.Name() == "sqlite")
				}
				for _, s := range sub {
					out = append(out, append(slices.Clip(s), steps...))
				}
				if len(out) > 8 {
					return nil, "the GORM chain goes through too many branches"
				}
			}
			return out, ""
		case *ssa.Parameter:
			// A parameter of a helper the chain was followed into is
			// its caller's argument.
			if n := len(frames); n > 0 && frames[n-1].fn == x.Parent() {
				i := slices.Index(x.Parent().Params, x)
				if i < 0 || i >= len(frames[n-1].args) {
					return nil, "the GORM chain starts in a value the tool does not follow"
				}
				sub, why := g.chainsIn(frames[n-1].args[i], depth+1, frames[:n-1])
				if why != "" {
					return nil, why
				}
				return joinSteps(sub, steps)
			}
			// A handle given to the function: taken as the database,
			// with no conditions of its own.
			return [][]gormStep{steps}, ""
		case *ssa.FreeVar, *ssa.Global, *ssa.Field:
			// A handle given to the function: taken as the database,
			// with no conditions of its own.
			return [][]gormStep{steps}, ""
		case *ssa.UnOp:
			switch fa := x.X.(type) {
			case *ssa.FieldAddr:
				// A chain a constructor prepared and stored in the
				// field is followed from where it was built.
				if st := g.r.Effects.StoredCall(fa); st != nil && g.storedChain(st) {
					sub, why := g.chainsIn(st, depth+1, nil)
					if why != "" {
						return nil, why
					}
					for _, s := range sub {
						if len(s) > 0 && !gormCopies[s[len(s)-1].name] {
							// GORM adds each statement's clauses to that
							// chain in place: they pile up, use after use.
							return nil, "the GORM chain kept in a field is changed in place by every statement sent on it"
						}
					}
					return joinSteps(sub, steps)
				}
				return [][]gormStep{steps}, ""
			case *ssa.Global:
				return [][]gormStep{steps}, ""
			case *ssa.FreeVar:
				return nil, "the GORM chain is kept in a variable a closure shares"
			}
			return nil, "the GORM chain is kept in memory the tool does not follow"
		default:
			return nil, "the GORM chain starts in a value the tool does not follow"
		}
	}
}

// gormCopies are the *gorm.DB methods whose result is a new session
// (GORM's clone 2): clauses added to it later go to a copy of its
// statement each time. Every other chain method returns a value whose
// statement the next method changes in place (clone 0): q.Where(...)
// with its result dropped adds its condition to q.
var gormCopies = map[string]bool{"Session": true, "WithContext": true, "Debug": true}

// changedInPlace reports whether a chain value that GORM changes in place
// is the receiver of more than one *gorm.DB method other than those that
// copy it (Session, WithContext, Debug): a clause given to it by one call
// is in the statement the other sends, depending on their order, which
// the reader does not follow (TestGormBranchesUnread ClaimLockedInPlace).
func changedInPlace(v ssa.Value) bool {
	n := 0
	for _, ref := range *v.Referrers() {
		call, ok := ref.(ssa.CallInstruction)
		if !ok || len(call.Common().Args) == 0 || call.Common().Args[0] != v {
			continue
		}
		fn := call.Common().StaticCallee()
		if fn == nil || fn.Signature.Recv() == nil || !effects.IsGormDB(fn.Signature.Recv().Type()) || gormCopies[fn.Name()] {
			continue
		}
		n++
	}
	return n > 1
}

// returnsBareHandle reports whether every value a function of the package
// returns is a handle it was given or holds (a parameter, a field, a
// package variable, a handle asserted out of an interface such as a
// context's value, any of those given a context by WithContext), or what
// another such function returns: a getter that
// picks the context's transaction or falls back to the pool. Such a
// handle adds no clause to the chain that starts from it.
func returnsBareHandle(fn *ssa.Function, depth int) bool {
	if len(fn.Blocks) == 0 || depth > 3 || fn.Signature.Results().Len() != 1 || !effects.IsGormDB(fn.Signature.Results().At(0).Type()) {
		return false
	}
	returns := 0
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		returns++
		if !bareHandle(ret.Results[0], depth, map[ssa.Value]bool{}) {
			return false
		}
	}
	return returns > 0
}

func bareHandle(v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global, *ssa.Field, *ssa.TypeAssert:
		return true
	case *ssa.Extract:
		_, ok := x.Tuple.(*ssa.TypeAssert)
		return ok && x.Index == 0
	case *ssa.UnOp:
		switch x.X.(type) {
		case *ssa.FieldAddr, *ssa.Global:
			return true
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !bareHandle(e, depth, seen) {
				return false
			}
		}
		return true
	case *ssa.Call:
		fn := x.Common().StaticCallee()
		if fn != nil && fn.Signature.Recv() != nil && effects.IsGormDB(fn.Signature.Recv().Type()) && (fn.Name() == "WithContext" || fn.Name() == "Debug") {
			return bareHandle(x.Common().Args[0], depth, seen) // settings, no clause
		}
		return fn != nil && returnsBareHandle(fn, depth+1)
	}
	return false
}

// gormSQL is a statement rebuilt from a chain.
type gormSQL struct {
	sql     string
	args    []ast.Expr
	consts  map[int]string                  // string constants bound to $n, when args cannot name them
	sets    map[int][]BoundConst            // $n bound to one of several string constants, when args cannot name them
	names   map[int]map[string]*types.Const // see Statement.Names
	written map[string]bool                 // Save's columns: whether the code set each (see Statement.Written)
	sqlExpr ast.Expr
	scan    []ast.Expr
	lock    string // the chain's locking clause (FOR UPDATE SKIP LOCKED), if any
	why     string
}

// gormQuery is the state a chain builds.
type gormQuery struct {
	model     *gormModel
	modelArg  ast.Expr      // Model's argument
	modelCall *ast.CallExpr // the Model call
	table     string        // as GORM writes it in FROM
	qualifier string        // the quoted table columns are qualified with
	conds     []gormCond
	orders    []string
	limit     ast.Expr
	offset    ast.Expr
	lock      string
	returning string
	conflict  string   // ON CONFLICT ... of an insert
	selects   string   // a query's columns as Select's one text writes them
	selected  []string // the names Select gives, as GORM keeps them
	omits     []string // the names Omit gives
	unscoped  bool
	raw       *gormCond
	rawExpr   ast.Expr
}

// A gormCond is SQL text with ? placeholders and the Go values bound to
// them, or a column compared with a value (struct and map conditions).
type gormCond struct {
	sql  string
	args []ast.Expr
	expr bool // written by the code: wrapped in parentheses when it has AND or OR and is not alone
}

func (g *gormReader) build(steps []gormStep, fin ssa.CallInstruction) (out gormSQL) {
	q := &gormQuery{}
	defer func() { out.lock = q.lock }()
	// GORM's Scopes keeps its functions and calls them when the
	// statement is sent (processor.Execute): their clauses come after
	// the chain's, and the scopes they add in turn after theirs.
	for round := steps; len(round) > 0; {
		var later []gormStep
		for _, s := range round {
			if s.name == "Scopes" {
				later = append(later, s.scoped...)
				continue
			}
			if why := g.step(q, s); why != "" {
				return gormSQL{why: why}
			}
		}
		round = later
	}
	name := g.r.Callee.Name()
	call := g.r.Call
	if call.Ellipsis.IsValid() {
		return gormSQL{why: "arguments passed as a slice"}
	}
	if q.raw != nil {
		switch name {
		case "Scan", "Find", "Row", "Rows":
		case "First", "Take", "Last":
			// The SQL is Raw's as it is: GORM adds neither its LIMIT,
			// its ORDER BY nor the destination's key to a statement
			// whose text is set.
			if len(call.Args) > 1 {
				return gormSQL{why: "inline conditions of GORM's " + name + " after Raw are not read"}
			}
		default:
			return gormSQL{why: "GORM's " + name + " after Raw is not read"}
		}
		sql, args, why := placeholders(q.raw.sql, q.raw.args, g.r.Info, 1)
		if why != "" {
			return gormSQL{why: why}
		}
		out = gormSQL{sql: sql, args: args, sqlExpr: q.rawExpr}
		switch name {
		case "Scan", "Find", "First", "Take", "Last":
			out.scan = call.Args[:1]
		}
		return out
	}
	switch name {
	case "Exec":
		text, ok := g.str(fin, 0)
		if !ok {
			return gormSQL{why: "the SQL text of Exec is not known"}
		}
		if len(steps) > 0 {
			return gormSQL{why: "GORM's Exec after a chain is not read"}
		}
		sql, args, why := placeholders(text, call.Args[1:], g.r.Info, 1)
		if why != "" {
			return gormSQL{why: why}
		}
		return gormSQL{sql: sql, args: args, sqlExpr: call.Args[0]}
	}
	if q.conflict != "" && name != "Create" {
		return gormSQL{why: "a clause.OnConflict on a statement that inserts nothing"}
	}
	switch name {
	case "Find", "First", "Take", "Last", "Scan", "Count":
		return g.selectSQL(q, name, call)
	case "Update", "UpdateColumn", "Updates", "UpdateColumns":
		return g.updateSQL(q, name, call)
	case "Delete":
		return g.deleteSQL(q, call)
	case "Create":
		return withConflict(g.createSQL(q, call), q.conflict)
	case "Save":
		return g.saveSQL(q, call)
	}
	return gormSQL{why: "GORM's " + name + " is not read"}
}

// str returns the one constant text argument i of an SSA call holds.
func (g *gormReader) str(call ssa.CallInstruction, i int) (string, bool) {
	v := effects.Arg(call, i)
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	return single(g.r.Effects.Strings(v))
}

// strOf is str for an argument of a builder call known by its syntax.
func (g *gormReader) strOf(call *ast.CallExpr, i int) (string, bool) {
	if i >= len(call.Args) {
		return "", false
	}
	if tv, ok := g.r.Info.Types[call.Args[i]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	sc := g.r.Effects.Call(call)
	if sc == nil {
		return "", false
	}
	if call.Lparen == g.r.Call.Lparen {
		i += g.shift
	}
	return g.str(sc, i)
}

// tablePlaceholder returns the table a Table call names when its argument
// is all the unknown value of a struct field or package variable (a
// repository's table, set by whoever calls its constructor): the quoted
// placeholder that stands for that Go object, as it does where raw SQL
// splices the same field in, so that both name one table. GORM quotes a
// plain name given to Table as one identifier (checked on its dry-run
// output), which is where the placeholder sits.
func (g *gormReader) tablePlaceholder(call *ast.CallExpr) (string, bool) {
	sc := g.r.Effects.Call(call)
	if sc == nil {
		return "", false
	}
	vs := g.r.Effects.Strings(effects.Arg(sc, 0))
	if vs.Hole != "" || len(vs.Set) != 1 || len(vs.Set[0].Parts) != 1 {
		return "", false
	}
	p := vs.Set[0].Parts[0]
	if !p.Unknown || p.Quoted {
		return "", false
	}
	name, ok := sqltext.Placeholder(p.Obj)
	if !ok {
		return "", false
	}
	return quoteIdent(name), true
}

func (g *gormReader) step(q *gormQuery, s gormStep) string {
	args := s.call.Args
	if s.call.Ellipsis.IsValid() {
		return "arguments of GORM's " + s.name + " passed as a slice"
	}
	switch s.name {
	case "WithContext", "Debug", "Preload":
	case "Set":
		// GORM v2 keeps a setting for hooks and plugins: the SQL it
		// builds reads none but gorm:update_track_time (an upsert's
		// update). gorm:query_option, GORM v1's way to ask for FOR
		// UPDATE, locks nothing (TestGormChainsMatchGorm: PollV1Lock).
		key, ok := g.strOf(s.call, 0)
		if !ok {
			return "the key of GORM's Set is not known"
		}
		if key == "gorm:update_track_time" {
			return "GORM's Set of a key it reads when it builds SQL"
		}
	case "Session":
		if lit := compositeOf(args[0]); lit == nil || hasKey(lit, "NewDB") {
			return "a GORM Session the tool does not read"
		}
	case "Unscoped":
		q.unscoped = true
	case "Model":
		m, why := gormModelOf(g.r, g.r.Info.TypeOf(args[0]))
		if why != "" {
			return why
		}
		q.model, q.modelArg, q.modelCall = m, args[0], s.call
		if q.table == "" {
			q.table, q.qualifier = quoteIdent(m.table), quoteIdent(m.table)
		}
	case "Table":
		if len(args) > 1 {
			return "the table GORM's Table names is not known"
		}
		name, ok := g.strOf(s.call, 0)
		if !ok {
			ph, ok := g.tablePlaceholder(s.call)
			if !ok {
				return "the table GORM's Table names is not known"
			}
			q.table, q.qualifier = ph, ph
			break
		}
		if !plainIdent(name) {
			return "a GORM Table that is not a plain name"
		}
		q.table, q.qualifier = quoteIdent(name), quoteIdent(name)
	case "Where":
		return g.where(q, s.call)
	case "Order":
		o, ok := g.strOf(s.call, 0)
		if !ok {
			return "the ORDER BY of GORM's Order is not known"
		}
		q.orders = append(q.orders, o)
	case "Limit":
		// GORM writes LIMIT for a limit >= 0 and OFFSET for an offset > 0:
		// a constant decides; any other value is taken to be in range.
		q.limit = args[0]
		if k := g.r.Info.Types[args[0]].Value; k != nil && constant.Sign(k) < 0 {
			q.limit = nil
		}
	case "Offset":
		q.offset = args[0]
		if k := g.r.Info.Types[args[0]].Value; k != nil && constant.Sign(k) <= 0 {
			q.offset = nil
		}
	case "Select":
		names, why := g.selectNames(s.call)
		if why != "" {
			return why
		}
		q.selected, q.selects = names, ""
		if len(args) == 1 && isString(g.r.Info.TypeOf(args[0])) {
			q.selects = names[0]
		}
	case "Omit":
		names, why := g.omitNames(s.call)
		if why != "" {
			return why
		}
		q.omits = names
	case "Clauses":
		for _, a := range args {
			if why := g.clause(q, a); why != "" {
				return why
			}
		}
	case "Raw":
		text, ok := g.strOf(s.call, 0)
		if !ok {
			return "the SQL text of Raw is not known"
		}
		q.raw, q.rawExpr = &gormCond{sql: text, args: args[1:]}, args[0]
	}
	return ""
}

// clause reads a clause.Locking or clause.Returning literal.
func (g *gormReader) clause(q *gormQuery, a ast.Expr) string {
	lit := compositeOf(a)
	t := g.r.Info.TypeOf(a)
	switch {
	case lit != nil && isNamed(t, "gorm.io/gorm/clause", "Locking"):
		fields := map[string]string{}
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			key, _ := kv.Key.(*ast.Ident)
			if !ok || key == nil {
				return "a clause.Locking the tool does not read"
			}
			tv := g.r.Info.Types[kv.Value]
			if tv.Value == nil || tv.Value.Kind() != constant.String {
				return "a clause.Locking the tool does not read"
			}
			fields[key.Name] = constant.StringVal(tv.Value)
		}
		if fields["Strength"] == "" || len(fields) > 2 || len(fields) == 2 && fields["Options"] == "" {
			return "a clause.Locking the tool does not read"
		}
		q.lock = "FOR " + fields["Strength"]
		if o := fields["Options"]; o != "" {
			q.lock += " " + o
		}
	case lit != nil && isNamed(t, "gorm.io/gorm/clause", "Returning") && len(lit.Elts) == 0:
		q.returning = "*"
	case lit != nil && isNamed(t, "gorm.io/gorm/clause", "OnConflict"):
		c, why := g.onConflict(lit)
		if why != "" {
			return why
		}
		q.conflict = c
	default:
		return "a GORM clause the tool does not read"
	}
	return ""
}

// where reads a Where: SQL text with ? placeholders, or a struct or map
// literal whose entries are column = value conditions.
func (g *gormReader) where(q *gormQuery, call *ast.CallExpr) string {
	a := call.Args[0]
	if tv := g.r.Info.Types[a]; isString(tv.Type) {
		text, ok := g.strOf(call, 0)
		if !ok {
			return "the condition of GORM's Where is not known"
		}
		q.conds = append(q.conds, gormCond{sql: text, args: call.Args[1:], expr: true})
		return ""
	}
	if len(call.Args) > 1 {
		return "a GORM Where the tool does not read"
	}
	lit := compositeOf(a)
	if lit == nil {
		return "a GORM Where the tool does not read"
	}
	t := g.r.Info.TypeOf(lit)
	if _, ok := t.Underlying().(*types.Map); ok {
		type kv struct {
			key string
			val ast.Expr
		}
		var entries []kv
		for _, e := range lit.Elts {
			pair := e.(*ast.KeyValueExpr)
			tv := g.r.Info.Types[pair.Key]
			if tv.Value == nil || tv.Value.Kind() != constant.String || !plainIdent(constant.StringVal(tv.Value)) {
				return "a GORM Where map with a key the tool does not read"
			}
			entries = append(entries, kv{constant.StringVal(tv.Value), pair.Value})
		}
		sort.Slice(entries, func(i, j int) bool { return entries[i].key < entries[j].key })
		for _, e := range entries {
			c, why := g.equals(q, e.key, e.val)
			if why != "" {
				return why
			}
			q.conds = append(q.conds, c)
		}
		return ""
	}
	m, why := gormModelOf(g.r, t)
	if why != "" {
		return why
	}
	set, why := g.nonZero(m, lit)
	if why != "" {
		return why
	}
	for _, f := range set {
		c, why := g.equals(q, f.col.name, f.val)
		if why != "" {
			return why
		}
		q.conds = append(q.conds, c)
	}
	return ""
}

// equals is the condition GORM writes for a column compared with a value.
func (g *gormReader) equals(q *gormQuery, col string, val ast.Expr) (gormCond, string) {
	if q.qualifier == "" {
		return gormCond{}, "a GORM condition on a table the tool does not know yet"
	}
	if why := bindable(g.r.Info, val); why != "" {
		return gormCond{}, why
	}
	return gormCond{sql: q.qualifier + "." + quoteIdent(col) + " = ?", args: []ast.Expr{val}}, ""
}

type gormField struct {
	col gormColumn
	val ast.Expr
}

// nonZero returns the fields of a struct literal with a value GORM does
// not skip as zero, in declaration order; a value the tool cannot tell
// from zero leaves the literal unread.
func (g *gormReader) nonZero(m *gormModel, lit *ast.CompositeLit) ([]gormField, string) {
	var out []gormField
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return nil, "a struct literal without field names"
		}
		key := kv.Key.(*ast.Ident).Name
		col, ok := m.column(key)
		if !ok {
			return nil, "field " + key + " of " + m.name + " is not a plain column"
		}
		zero, known := g.isZero(kv.Value)
		if !known {
			return nil, "the tool cannot tell whether field " + key + " is zero, which GORM skips"
		}
		if !zero {
			out = append(out, gormField{col, kv.Value})
		}
	}
	slices.SortStableFunc(out, func(a, b gormField) int {
		return slices.IndexFunc(m.columns, func(c gormColumn) bool { return c.field == a.col.field }) -
			slices.IndexFunc(m.columns, func(c gormColumn) bool { return c.field == b.col.field })
	})
	return out, ""
}

// isZero tells whether a value is its type's zero value: a constant, or
// the address of a variable (never nil).
func (g *gormReader) isZero(e ast.Expr) (zero, known bool) {
	tv := g.r.Info.Types[e]
	if tv.IsNil() {
		return true, true
	}
	if tv.Value != nil {
		switch tv.Value.Kind() {
		case constant.String:
			return constant.StringVal(tv.Value) == "", true
		case constant.Bool:
			return !constant.BoolVal(tv.Value), true
		default:
			return constant.Sign(tv.Value) == 0, true
		}
	}
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		return false, true
	}
	return false, false
}

// selectSQL is a query finisher's SELECT.
func (g *gormReader) selectSQL(q *gormQuery, name string, call *ast.CallExpr) gormSQL {
	if q.model == nil && name != "Scan" && name != "Count" {
		m, why := gormModelOf(g.r, g.r.Info.TypeOf(call.Args[0]))
		if why != "" {
			return gormSQL{why: why}
		}
		q.model = m
		if q.table == "" {
			q.table, q.qualifier = quoteIdent(m.table), quoteIdent(m.table)
		}
	}
	if q.table == "" {
		return gormSQL{why: "the table of the GORM query is not known"}
	}
	if len(call.Args) > 1 && name != "Count" {
		if why := g.inline(q, name, call); why != "" {
			return gormSQL{why: why}
		}
	}
	if name != "Count" && q.raw == nil && !g.gen {
		if m, _ := gormModelOf(g.r, g.r.Info.TypeOf(call.Args[0])); m != nil && m.pk != nil && !g.zeroDest(call) {
			return gormSQL{why: "the tool cannot tell whether the primary key of " + m.name + " in the destination is set"}
		}
	}
	if len(q.omits) > 0 {
		return gormSQL{why: "a GORM query with Omit is not read"}
	}
	var b gormBuf
	cols := "*"
	switch {
	case q.selects != "":
		cols = q.selects
	case len(q.selected) > 0:
		cols = selectedColumns(q)
	}
	if name == "Count" {
		if len(q.selected) > 0 {
			return gormSQL{why: "a GORM Count with Select is not read"}
		}
		cols = "count(*)"
	}
	b.sql.WriteString("SELECT " + cols + " FROM " + q.table)
	if why := g.writeWhere(&b, q, nil); why != "" {
		return gormSQL{why: why}
	}
	var scan []ast.Expr
	if !g.gen {
		scan = call.Args[:1]
	}
	if name == "Count" {
		return gormSQL{sql: b.sql.String(), args: b.args, scan: scan}
	}
	orders := slices.Clone(q.orders)
	if (name == "First" || name == "Last") && q.model != nil && q.model.pk != nil {
		key := q.qualifier + "." + quoteIdent(q.model.pk.name)
		if name == "Last" {
			key += " DESC"
		}
		orders = append(orders, key)
	}
	if len(orders) > 0 {
		b.sql.WriteString(" ORDER BY " + strings.Join(orders, ","))
	}
	limit := q.limit
	if name == "First" || name == "Last" || name == "Take" {
		limit = gormValue(call) // GORM binds 1
	}
	if limit != nil {
		b.sql.WriteString(" LIMIT ")
		b.bind(limit)
	}
	if q.offset != nil {
		b.sql.WriteString(" OFFSET ")
		b.bind(q.offset)
	}
	if q.lock != "" {
		b.sql.WriteString(" " + q.lock)
	}
	return gormSQL{sql: b.sql.String(), args: b.args, scan: scan}
}

// inline reads the conditions a query finisher is given after its
// destination (First(&job, "id = ?", id)): GORM adds them to the chain's
// conditions as Where would, a number alone is the primary key's value.
func (g *gormReader) inline(q *gormQuery, name string, call *ast.CallExpr) string {
	args := call.Args[1:]
	first := args[0]
	t := g.r.Info.TypeOf(first)
	switch {
	case isString(t):
		text, ok := g.strOf(call, 1)
		if !ok {
			// GORM takes a string that is no number for SQL, and a
			// number for the key: what it does depends on the value.
			return "an inline condition of GORM's " + name + " that is not a known string"
		}
		if _, err := strconv.Atoi(text); err == nil || len(args) > 1 && !strings.Contains(text, "?") {
			return "an inline condition of GORM's " + name + " the tool does not read"
		}
		q.conds = append(q.conds, gormCond{sql: text, args: args[1:], expr: true})
	case isInteger(t) && len(args) == 1:
		if q.model == nil || q.model.pk == nil {
			return "a key given to GORM's " + name + " for a model without one"
		}
		q.conds = append(q.conds, gormCond{sql: q.qualifier + "." + quoteIdent(q.model.pk.name) + " = ?", args: args})
	default:
		if compositeOf(first) == nil {
			return "an inline condition of GORM's " + name + " the tool does not read"
		}
		return g.where(q, &ast.CallExpr{Fun: call.Fun, Lparen: call.Lparen, Args: args, Rparen: call.Rparen})
	}
	return ""
}

// zeroDest reports whether the destination of a query finisher holds no
// primary key: a slice, or the address of a struct variable declared
// without its key (var v T, or v := T{...}) that is fresh at the call (see
// fresh). GORM adds the key of a struct destination to the conditions.
func (g *gormReader) zeroDest(call *ast.CallExpr) bool {
	dest := call.Args[0]
	t := g.r.Info.TypeOf(dest)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	}
	u, ok := ast.Unparen(dest).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return false
	}
	init, ok := g.fresh(call, u.X)
	return ok && (init == nil || g.keyless(init))
}

// fresh returns the value a local variable is declared with (nil for var
// v T) when nothing can have changed it by the call: it is declared in the
// enclosing function, inside the innermost loop around the call, and not
// used between its declaration and the call.
func (g *gormReader) fresh(call *ast.CallExpr, e ast.Expr) (ast.Expr, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := g.r.Info.Uses[id].(*types.Var)
	fd, found := enclosingFunc(g.r)
	if !ok || !found || v.Parent() == nil {
		return nil, false
	}
	var init ast.Expr
	declared, used := false, false
	var loops []ast.Node // loops around the call
	var stack []ast.Node
	ast.Inspect(fd.Node(), func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if g.r.Info.Defs[name] == v {
					declared = len(n.Values) == 0 || len(n.Values) == len(n.Names)
					if len(n.Values) == len(n.Names) {
						init = n.Values[i]
					}
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if lid, ok := l.(*ast.Ident); ok && g.r.Info.Defs[lid] == v && n.Tok == token.DEFINE && len(n.Rhs) == len(n.Lhs) {
					declared, init = true, n.Rhs[i]
				}
			}
		case *ast.Ident:
			if g.r.Info.Uses[n] == v && n.Pos() < id.Pos() && !returnedWith(stack, call) {
				used = true
			}
		case *ast.CallExpr:
			if n.Lparen == call.Lparen {
				for _, s := range stack {
					switch s.(type) {
					case *ast.ForStmt, *ast.RangeStmt:
						loops = append(loops, s)
					}
				}
			}
		}
		return true
	})
	if !declared || used {
		return nil, false
	}
	if len(loops) > 0 {
		inner := loops[len(loops)-1]
		if v.Pos() < inner.Pos() || v.Pos() > inner.End() {
			return nil, false
		}
	}
	return init, true
}

// returnedWith reports whether the identifier atop an inspection stack is
// a result of a return statement whose later results make the call (return
// &v, db.Transaction(func(tx *gorm.DB) error { ... tx.First(&v) ... })): it
// is read there and given to the caller only after the call, which
// nothing between can change it for.
func returnedWith(stack []ast.Node, call *ast.CallExpr) bool {
	i := len(stack) - 2
	if i >= 0 {
		if u, ok := stack[i].(*ast.UnaryExpr); ok && u.Op == token.AND {
			i--
		}
	}
	if i < 0 {
		return false
	}
	ret, ok := stack[i].(*ast.ReturnStmt)
	return ok && ret.Pos() <= call.Pos() && call.End() <= ret.End()
}

// keyless reports whether a value is a struct literal that sets no primary
// key.
func (g *gormReader) keyless(e ast.Expr) bool {
	lit := compositeOf(e)
	if lit == nil || lit != ast.Unparen(e) {
		return false
	}
	m, _ := gormModelOf(g.r, g.r.Info.TypeOf(lit))
	return m != nil && !hasKey(lit, m.pk.field)
}

// gormValue stands for a value GORM binds itself (the 1 of First's
// LIMIT, a primary key it reads from a struct, the time of UpdatedAt): no
// expression of the code holds it.
func gormValue(call *ast.CallExpr) ast.Expr {
	return &ast.BadExpr{From: call.Rparen, To: call.Rparen}
}

// writeWhere writes the WHERE clause: the chain's conditions, then the
// primary key condition (extra), then soft delete's.
func (g *gormReader) writeWhere(b *gormBuf, q *gormQuery, extra *gormCond) string {
	conds := slices.Clone(q.conds)
	if extra != nil {
		conds = append(conds, *extra)
	}
	if q.model != nil && q.model.soft != "" && !q.unscoped {
		conds = append(conds, gormCond{sql: q.qualifier + "." + quoteIdent(q.model.soft) + " IS NULL"})
	}
	if len(conds) == 0 {
		return ""
	}
	b.sql.WriteString(" WHERE ")
	for i, c := range conds {
		if i > 0 {
			b.sql.WriteString(" AND ")
		}
		up := strings.ToUpper(c.sql)
		wrap := c.expr && len(conds) > 1 && (strings.Contains(up, " AND ") || strings.Contains(up, " OR "))
		if wrap {
			b.sql.WriteString("(")
		}
		if why := b.expr(c, g.r.Info); why != "" {
			return why
		}
		if wrap {
			b.sql.WriteString(")")
		}
	}
	return ""
}

// ownRow reports whether a write's value is the receiver of a method of
// the model's own type that the method never reassigns: func (r *Run)
// lock(db) { db.Model(r).Where("started_at IS NULL").Updates(...) }. A
// row's method that writes the row is given a row the caller holds, read
// or created, with its key; GORM then adds the key to the method's own
// conditions (a compare-and-set of that row). With a zero key it would
// update every row the conditions match, which a method of one row does
// not mean. A value of any other origin (a parameter, a variable) keeps
// the key unknown.
func (g *gormReader) ownRow(val ast.Expr, m *gormModel) bool {
	id, ok := ast.Unparen(val).(*ast.Ident)
	if !ok || m.pk == nil {
		return false
	}
	recv, _ := g.r.Info.Uses[id].(*types.Var)
	fd, ok := enclosingFunc(g.r)
	if recv == nil || !ok {
		return false
	}
	decl := fd.Node().(*ast.FuncDecl)
	if decl.Recv == nil || len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 || g.r.Info.Defs[decl.Recv.List[0].Names[0]] != recv {
		return false
	}
	ptr, ok := recv.Type().(*types.Pointer)
	if !ok {
		return false
	}
	if own, why := gormModelOf(g.r, ptr.Elem()); why != "" || own.name != m.name || own.table != m.table {
		return false
	}
	reassigned := false
	for c := range fd.Preorder((*ast.AssignStmt)(nil), (*ast.UnaryExpr)(nil)) {
		var lhs []ast.Expr
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			lhs = n.Lhs
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				lhs = []ast.Expr{n.X}
			}
		}
		for _, l := range lhs {
			if lid, ok := ast.Unparen(l).(*ast.Ident); ok && g.r.Info.Uses[lid] == recv {
				reassigned = true
			}
		}
	}
	return !reassigned
}

// keyCond is the condition GORM adds for the primary key of the value a
// write is given (Model(&job), Delete(&job)), qualified or not as GORM
// writes it there; nil when the value's key is zero. A value that is no
// literal holds a key the tool cannot see: the reason says so when the
// statement has conditions of its own, since with a zero key GORM adds
// none.
func (g *gormReader) keyCond(q *gormQuery, val ast.Expr, call *ast.CallExpr, qualified bool) (*gormCond, string) {
	m := q.model
	if m.pk == nil || g.gen && val == nil {
		return nil, "" // no key, or GORM's own zero value
	}
	col := quoteIdent(m.pk.name)
	if qualified {
		col = q.qualifier + "." + col
	}
	if lit := compositeOf(val); lit != nil {
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				return nil, "a struct literal without field names"
			}
			if kv.Key.(*ast.Ident).Name != m.pk.field {
				continue
			}
			zero, known := g.isZero(kv.Value)
			if !known {
				return nil, "the tool cannot tell whether the primary key of " + m.name + " is set"
			}
			if zero {
				return nil, ""
			}
			return &gormCond{sql: col + " = ?", args: []ast.Expr{kv.Value}}, ""
		}
		return nil, ""
	}
	if len(q.conds) > 0 {
		if !g.ownRow(val, m) {
			return nil, "the tool cannot tell whether the primary key of " + m.name + " adds a condition"
		}
		// The key bound is the row's: the receiver stands for it, so that
		// the model sees it come from the rows the caller read.
		return &gormCond{sql: col + " = ?", args: []ast.Expr{val}}, ""
	}
	// Without conditions of its own GORM refuses the write unless the key
	// is set: when it sends anything, it sends this.
	return &gormCond{sql: col + " = ?", args: []ast.Expr{gormValue(call)}}, ""
}

func (g *gormReader) updateSQL(q *gormQuery, name string, call *ast.CallExpr) gormSQL {
	keyOnlyCond := false // the struct given is the model: its key is a condition, not set
	if q.model == nil && q.table == "" && strings.HasPrefix(name, "Updates") {
		// With neither Model nor Table, GORM makes the struct it is given
		// the model: its type names the table, its key a condition.
		if lit := compositeOf(call.Args[0]); lit != nil {
			if _, ok := g.r.Info.TypeOf(lit).Underlying().(*types.Struct); ok {
				m, why := gormModelOf(g.r, g.r.Info.TypeOf(lit))
				if why != "" {
					return gormSQL{why: why}
				}
				// Through a pointer GORM moves the key out of SET into a
				// condition; a struct value keeps it in both.
				_, keyOnlyCond = g.r.Info.TypeOf(call.Args[0]).(*types.Pointer)
				q.model, q.modelArg = m, call.Args[0]
				q.table, q.qualifier = quoteIdent(m.table), quoteIdent(m.table)
			}
		}
	}
	if len(q.selected) > 0 || len(q.omits) > 0 {
		return g.restrictedUpdate(q, name, call)
	}
	if q.model == nil && (q.table == "" || !columnsNamed(g.r.Info, name, call)) {
		// With neither Model nor Table GORM has no table; a struct's
		// values make it the model.
		return gormSQL{why: "a GORM update without Model"}
	}
	var b gormBuf
	b.sql.WriteString("UPDATE " + q.table + " SET ")
	type set struct {
		col string
		val ast.Expr
	}
	var sets []set
	switch name {
	case "Update", "UpdateColumn":
		col, ok := g.strOf(call, 0)
		if !ok || !plainIdent(col) {
			return gormSQL{why: "the column of GORM's " + name + " is not known"}
		}
		sets = append(sets, set{col, call.Args[1]})
	default:
		lit := compositeOf(call.Args[0])
		if lit == nil {
			return gormSQL{why: "the values of GORM's " + name + " are not a literal"}
		}
		if _, ok := g.r.Info.TypeOf(lit).Underlying().(*types.Map); ok {
			for _, e := range lit.Elts {
				kv := e.(*ast.KeyValueExpr)
				tv := g.r.Info.Types[kv.Key]
				if tv.Value == nil || tv.Value.Kind() != constant.String || !plainIdent(constant.StringVal(tv.Value)) {
					return gormSQL{why: "a key of GORM's " + name + " map is not known"}
				}
				sets = append(sets, set{constant.StringVal(tv.Value), kv.Value})
			}
			sort.Slice(sets, func(i, j int) bool { return sets[i].col < sets[j].col })
		} else {
			m, why := gormModelOf(g.r, g.r.Info.TypeOf(lit))
			if why != "" {
				return gormSQL{why: why}
			}
			if m.updated != "" && strings.HasPrefix(name, "Updates") {
				return gormSQL{why: "a GORM Updates of a struct with " + m.updated + " is not read"}
			}
			fields, why := g.nonZero(m, lit)
			if why != "" {
				return gormSQL{why: why}
			}
			for _, f := range fields {
				if keyOnlyCond && m.pk != nil && f.col.field == m.pk.field {
					continue
				}
				sets = append(sets, set{f.col.name, f.val})
			}
		}
	}
	if (name == "Update" || name == "Updates") && q.model != nil && q.model.updated != "" && !slices.ContainsFunc(sets, func(s set) bool { return s.col == q.model.updated }) {
		sets = append(sets, set{q.model.updated, gormValue(call)})
	}
	if len(sets) == 0 {
		return gormSQL{why: "a GORM update with nothing to set"}
	}
	for i, s := range sets {
		if i > 0 {
			b.sql.WriteString(",")
		}
		b.sql.WriteString(quoteIdent(s.col) + "=")
		if why := g.value(&b, s.val); why != "" {
			return gormSQL{why: why}
		}
	}
	var key *gormCond
	if q.model != nil {
		var why string
		if key, why = g.keyCond(q, q.modelArg, call, false); why != "" {
			return gormSQL{why: why}
		}
	}
	if len(q.conds) == 0 && key == nil {
		return gormSQL{why: "GORM refuses an update without conditions"}
	}
	if why := g.writeWhere(&b, q, key); why != "" {
		return gormSQL{why: why}
	}
	if q.returning != "" {
		b.sql.WriteString(" RETURNING " + q.returning)
	}
	return gormSQL{sql: b.sql.String(), args: b.args}
}

// columnsNamed reports whether an update names its columns itself (Update
// of one column, Updates of a map literal), so that Table alone tells
// GORM where: no model is needed.
func columnsNamed(info *types.Info, name string, call *ast.CallExpr) bool {
	switch name {
	case "Update", "UpdateColumn":
		return true
	}
	lit := compositeOf(call.Args[0])
	if lit == nil {
		return false
	}
	_, ok := info.TypeOf(lit).Underlying().(*types.Map)
	return ok
}

// value writes the value a column is set to: gorm.Expr's SQL, or a bound
// parameter (nil too: GORM binds it).
func (g *gormReader) value(b *gormBuf, v ast.Expr) string {
	if g.r.Info.Types[v].IsNil() {
		b.bind(v)
		return ""
	}
	if ce, ok := ast.Unparen(v).(*ast.CallExpr); ok {
		if fn, ok := calleeOf(g.r.Info, ce); ok && fn.Pkg() != nil && fn.Pkg().Path() == "gorm.io/gorm" && fn.Name() == "Expr" {
			text, ok := g.strOf(ce, 0)
			if !ok || ce.Ellipsis.IsValid() {
				return "the SQL of a gorm.Expr is not known"
			}
			return b.expr(gormCond{sql: text, args: ce.Args[1:]}, g.r.Info)
		}
	}
	if why := bindable(g.r.Info, v); why != "" {
		return why
	}
	b.bind(v)
	return ""
}

func (g *gormReader) deleteSQL(q *gormQuery, call *ast.CallExpr) gormSQL {
	var val ast.Expr // the value Delete is given; nil for the generic API's zero value
	if !g.gen {
		if len(call.Args) > 1 {
			return gormSQL{why: "inline conditions of GORM's Delete are not read"}
		}
		val = call.Args[0]
		m, why := gormModelOf(g.r, g.r.Info.TypeOf(val))
		if why != "" {
			return gormSQL{why: why}
		}
		if q.model == nil {
			q.model = m
		}
		if q.table == "" {
			q.table, q.qualifier = quoteIdent(m.table), quoteIdent(m.table)
		}
	}
	key, why := g.keyCond(q, val, call, true)
	if why != "" {
		return gormSQL{why: why}
	}
	if len(q.conds) == 0 && key == nil {
		return gormSQL{why: "GORM refuses a delete without conditions"}
	}
	var b gormBuf
	if q.model.soft != "" && !q.unscoped {
		b.sql.WriteString("UPDATE " + q.table + " SET " + quoteIdent(q.model.soft) + "=")
		b.bind(gormValue(call))
	} else {
		b.sql.WriteString("DELETE FROM " + q.table)
	}
	if why := g.writeWhere(&b, q, key); why != "" {
		return gormSQL{why: why}
	}
	if q.returning != "" {
		b.sql.WriteString(" RETURNING " + q.returning)
	}
	return gormSQL{sql: b.sql.String(), args: b.args}
}

// onConflict reads clause.OnConflict{DoNothing: true}, with Columns of
// constant names or none, as GORM writes it: ON CONFLICT ("key") DO
// NOTHING. Any other field (DoUpdates, OnConstraint, Where...) is not read.
func (g *gormReader) onConflict(lit *ast.CompositeLit) (string, string) {
	const unread = "a clause.OnConflict the tool does not read"
	nothing := false
	var cols []string
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		key, _ := kv.Key.(*ast.Ident)
		if !ok || key == nil {
			return "", unread
		}
		switch key.Name {
		case "DoNothing":
			tv := g.r.Info.Types[kv.Value]
			if tv.Value == nil || tv.Value.Kind() != constant.Bool || !constant.BoolVal(tv.Value) {
				return "", unread
			}
			nothing = true
		case "Columns":
			list, ok := ast.Unparen(kv.Value).(*ast.CompositeLit)
			if !ok {
				return "", unread
			}
			for _, c := range list.Elts {
				col := compositeOf(c)
				if col == nil || len(col.Elts) != 1 {
					return "", unread
				}
				f, ok := col.Elts[0].(*ast.KeyValueExpr)
				if !ok || f.Key.(*ast.Ident).Name != "Name" {
					return "", unread
				}
				tv := g.r.Info.Types[f.Value]
				if tv.Value == nil || tv.Value.Kind() != constant.String {
					return "", unread
				}
				cols = append(cols, quoteIdent(constant.StringVal(tv.Value)))
			}
		default:
			return "", unread
		}
	}
	if !nothing {
		return "", unread
	}
	if len(cols) > 0 {
		return "ON CONFLICT (" + strings.Join(cols, ",") + ") DO NOTHING", ""
	}
	return "ON CONFLICT DO NOTHING", ""
}

// withConflict writes an insert's ON CONFLICT clause where GORM's
// postgres dialector puts it: after VALUES, before RETURNING.
func withConflict(s gormSQL, conflict string) gormSQL {
	if conflict == "" || s.why != "" {
		return s
	}
	if i := strings.Index(s.sql, " RETURNING "); i >= 0 {
		s.sql = s.sql[:i] + " " + conflict + s.sql[i:]
	} else {
		s.sql += " " + conflict
	}
	return s
}

// createSQL is Create's INSERT: of a struct literal, every column, the
// primary key only when set (GORM returns it otherwise); of a struct
// value the tool cannot see, every column, when the key is one GORM
// writes whether set or not; of a map literal, its keys; of a slice
// literal of structs, the columns of its rows, written as one row.
func (g *gormReader) createSQL(q *gormQuery, call *ast.CallExpr) gormSQL {
	if len(q.conds) > 0 || q.returning != "" || q.lock != "" || len(q.selected) > 0 || len(q.omits) > 0 {
		return gormSQL{why: "a GORM Create with clauses is not read"}
	}
	arg := call.Args[0]
	if u, ok := ast.Unparen(arg).(*ast.UnaryExpr); ok && u.Op == token.AND {
		if lit := compositeOf(u.X); lit != nil {
			if _, ok := g.r.Info.TypeOf(lit).Underlying().(*types.Slice); ok {
				return g.createRows(q, call, lit)
			}
		}
	}
	if lit := compositeOf(arg); lit != nil {
		switch g.r.Info.TypeOf(lit).Underlying().(type) {
		case *types.Map:
			return g.createMap(q, call, lit)
		case *types.Slice:
			return g.createRows(q, call, lit)
		}
	}
	lit := compositeOf(arg)
	if lit == nil {
		// A variable declared with a literal, fresh at the call:
		// v := T{...} then Create(&v), or v := &T{...} then Create(v).
		a := ast.Unparen(arg)
		if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
			if init, ok := g.fresh(call, u.X); ok && init != nil && compositeOf(init) == ast.Unparen(init) {
				lit = compositeOf(init)
			}
		} else if init, ok := g.fresh(call, a); ok && init != nil {
			if u, ok := ast.Unparen(init).(*ast.UnaryExpr); ok && u.Op == token.AND {
				lit = compositeOf(init)
			}
		}
	}
	if lit == nil {
		return g.createValue(q, call)
	}
	switch g.r.Info.TypeOf(lit).Underlying().(type) {
	case *types.Map:
		return g.createMap(q, call, lit)
	case *types.Slice:
		return g.createRows(q, call, lit)
	}
	m, why := gormModelOf(g.r, g.r.Info.TypeOf(lit))
	if why != "" {
		return gormSQL{why: why}
	}
	vals, why := fieldValues(lit)
	if why != "" {
		return gormSQL{why: why}
	}
	return g.insertRow(q, m, call, vals, true)
}

// fieldValues returns the values a struct literal gives its fields.
func fieldValues(lit *ast.CompositeLit) (map[string]ast.Expr, string) {
	vals := map[string]ast.Expr{}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return nil, "a struct literal without field names"
		}
		vals[kv.Key.(*ast.Ident).Name] = kv.Value
	}
	return vals, ""
}

// insertRow writes the INSERT of one row of a model whose fields have
// the values vals (those of a literal, when known; otherwise the value of
// every field is out of sight).
func (g *gormReader) insertRow(q *gormQuery, m *gormModel, call *ast.CallExpr, vals map[string]ast.Expr, known bool) gormSQL {
	if m.odd != "" {
		return gormSQL{why: "field " + m.odd + " of " + m.name + " is more than a column to GORM"}
	}
	table := quoteIdent(m.table)
	if q.table != "" {
		table = q.table
	}
	var b gormBuf
	var cols []string
	var binds []ast.Expr
	returning := ""
	for _, c := range m.columns {
		v, set := vals[c.field]
		// GORM leaves out a zero integer key, which the database
		// fills and it returns; any other key it writes as it is.
		if m.pk != nil && c.field == m.pk.field && isInteger(c.typ) {
			if !known {
				return gormSQL{why: "the tool cannot tell whether the primary key of " + m.name + " is set"}
			}
			zero := true
			if set {
				z, known := g.isZero(v)
				if !known {
					return gormSQL{why: "the tool cannot tell whether the primary key of " + m.name + " is set"}
				}
				zero = z
			}
			if zero {
				returning = quoteIdent(c.name)
				continue
			}
		}
		if !set {
			v = gormValue(call) // the zero value, or the time for CreatedAt and UpdatedAt
		} else if c.def {
			if zero, known := g.isZero(v); zero && known {
				v = gormValue(call) // the default, bound in its place
			}
		}
		cols = append(cols, quoteIdent(c.name))
		binds = append(binds, v)
	}
	b.sql.WriteString("INSERT INTO " + table + " (" + strings.Join(cols, ",") + ") VALUES (")
	for i, v := range binds {
		if i > 0 {
			b.sql.WriteString(",")
		}
		if why := g.value(&b, v); why != "" {
			return gormSQL{why: why}
		}
	}
	b.sql.WriteString(")")
	if returning != "" {
		b.sql.WriteString(" RETURNING " + returning)
	}
	return gormSQL{sql: b.sql.String(), args: b.args}
}

// createValue is Create of a struct the tool cannot see (a parameter, a
// variable changed since its literal): the value of each field is out of
// sight, so it is read only where no column depends on it.
func (g *gormReader) createValue(q *gormQuery, call *ast.CallExpr) gormSQL {
	t := g.r.Info.TypeOf(call.Args[0])
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := t.Underlying().(*types.Struct); !ok {
		return gormSQL{why: "GORM's Create of a value that is not a struct literal"}
	}
	m, why := gormModelOf(g.r, t)
	if why != "" {
		return gormSQL{why: why}
	}
	return g.insertRow(q, m, call, nil, false)
}

// createMap is Create of a map literal on a chain's model or table: its
// keys are the columns, in order; GORM returns a model's integer key the
// map does not set.
func (g *gormReader) createMap(q *gormQuery, call *ast.CallExpr, lit *ast.CompositeLit) gormSQL {
	if q.table == "" {
		return gormSQL{why: "GORM's Create of a map on no table"}
	}
	type set struct {
		col string
		val ast.Expr
	}
	var sets []set
	for _, e := range lit.Elts {
		kv := e.(*ast.KeyValueExpr)
		tv := g.r.Info.Types[kv.Key]
		if tv.Value == nil || tv.Value.Kind() != constant.String || !plainIdent(constant.StringVal(tv.Value)) {
			return gormSQL{why: "a key of GORM's Create map is not known"}
		}
		sets = append(sets, set{constant.StringVal(tv.Value), kv.Value})
	}
	if len(sets) == 0 {
		return gormSQL{why: "GORM's Create of an empty map"}
	}
	sort.Slice(sets, func(i, j int) bool { return sets[i].col < sets[j].col })
	var b gormBuf
	b.sql.WriteString("INSERT INTO " + q.table + " (")
	for i, s := range sets {
		if i > 0 {
			b.sql.WriteString(",")
		}
		b.sql.WriteString(quoteIdent(s.col))
	}
	b.sql.WriteString(") VALUES (")
	for i, s := range sets {
		if i > 0 {
			b.sql.WriteString(",")
		}
		if why := g.value(&b, s.val); why != "" {
			return gormSQL{why: why}
		}
	}
	b.sql.WriteString(")")
	if m := q.model; m != nil && m.pk != nil && isInteger(m.pk.typ) &&
		!slices.ContainsFunc(sets, func(s set) bool { return s.col == m.pk.name }) {
		b.sql.WriteString(" RETURNING " + quoteIdent(m.pk.name))
	}
	return gormSQL{sql: b.sql.String(), args: b.args}
}

// createRows is Create of a slice literal of struct literals: GORM writes
// one row of values per element, all of the same columns; the statement
// is written here as one row, whose values are the element's when there
// is one. Rows of an integer key are read only when none sets it (GORM
// writes DEFAULT for the rows that leave it zero when another sets it).
func (g *gormReader) createRows(q *gormQuery, call *ast.CallExpr, lit *ast.CompositeLit) gormSQL {
	if len(lit.Elts) == 0 {
		return gormSQL{why: "GORM's Create of an empty slice"}
	}
	m, why := gormModelOf(g.r, g.r.Info.TypeOf(lit))
	if why != "" {
		return gormSQL{why: why}
	}
	var rows []map[string]ast.Expr
	for _, e := range lit.Elts {
		if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		el, ok := ast.Unparen(e).(*ast.CompositeLit)
		if !ok {
			return gormSQL{why: "GORM's Create of a slice whose elements are not struct literals"}
		}
		vals, why := fieldValues(el)
		if why != "" {
			return gormSQL{why: why}
		}
		rows = append(rows, vals)
	}
	if len(rows) == 1 {
		return g.insertRow(q, m, call, rows[0], true)
	}
	one := map[string]ast.Expr{}
	for _, row := range rows {
		if m.pk != nil && isInteger(m.pk.typ) {
			if v, set := row[m.pk.field]; set {
				if zero, known := g.isZero(v); !known || !zero {
					return gormSQL{why: "GORM's Create of rows that may set the primary key of " + m.name}
				}
			}
		}
		for f := range row {
			one[f] = gormValue(call) // each row's own
		}
	}
	if m.pk != nil {
		delete(one, m.pk.field)
	}
	return g.insertRow(q, m, call, one, true)
}

// saveSQL is Save's UPDATE of every column by primary key, for a value
// that is no literal: GORM inserts a value whose key is zero, so this is
// the statement it sends for a row the code read before.
func (g *gormReader) saveSQL(q *gormQuery, call *ast.CallExpr) gormSQL {
	if compositeOf(call.Args[0]) != nil {
		return gormSQL{why: "GORM's Save of a struct literal is not read"}
	}
	if len(q.conds) > 0 || q.returning != "" || len(q.selected) > 0 || len(q.omits) > 0 || q.table != "" {
		return gormSQL{why: "a GORM Save with clauses is not read"}
	}
	m, why := gormModelOf(g.r, g.r.Info.TypeOf(call.Args[0]))
	if why != "" {
		return gormSQL{why: why}
	}
	if _, ok := g.r.Info.TypeOf(call.Args[0]).Underlying().(*types.Pointer); !ok {
		return gormSQL{why: "GORM's Save of a value that is not a pointer"}
	}
	// A constant default tag changes nothing here: Save of a row with a
	// key selects every column (TestGormSaveSoftDeleteMatchesGorm SaveRun).
	if m.oddSave != "" || m.pk == nil {
		return gormSQL{why: "GORM's Save of " + m.name + " is not read"}
	}
	saved := g.savedFields(call, g.r.Info.TypeOf(call.Args[0]), nil)
	if m.keyFilled && !saved.filled {
		// Whether GORM inserts or updates depends on the key, which the
		// database fills when GORM inserts: a row read before has one.
		return gormSQL{why: "GORM's Save of " + m.name + ", whose key the database fills, of a value not read from the database"}
	}
	var b gormBuf
	b.sql.WriteString("UPDATE " + quoteIdent(m.table) + " SET ")
	var consts map[int]string
	var sets map[int][]BoundConst
	var names map[int]map[string]*types.Const
	var written map[string]bool
	first := true
	for _, c := range m.columns {
		if c.field == m.pk.field {
			continue
		}
		if !first {
			b.sql.WriteString(",")
		}
		first = false
		b.sql.WriteString(quoteIdent(c.name) + "=")
		b.bind(gormValue(call))
		if saved.written != nil {
			if written == nil {
				written = map[string]bool{}
			}
			written[c.name] = saved.written[c.field]
		}
		bindFieldConsts(saved.consts[c.field], len(b.args), &consts, &sets, &names)
	}
	b.sql.WriteString(" WHERE ")
	if m.soft != "" {
		// A model with a gorm.DeletedAt updates only a row not deleted.
		b.sql.WriteString(quoteIdent(m.table) + "." + quoteIdent(m.soft) + " IS NULL AND ")
	}
	b.sql.WriteString(quoteIdent(m.pk.name) + " = ")
	b.bind(gormValue(call))
	return gormSQL{sql: b.sql.String(), args: b.args, consts: consts, sets: sets, names: names, written: written}
}

// gormBuf collects SQL and the values bound to its $n.
type gormBuf struct {
	sql  strings.Builder
	args []ast.Expr
}

func (b *gormBuf) bind(v ast.Expr) {
	b.args = append(b.args, v)
	fmt.Fprintf(&b.sql, "$%d", len(b.args))
}

// expr writes SQL text with ? placeholders, numbering them after the
// values bound so far.
func (b *gormBuf) expr(c gormCond, info *types.Info) string {
	sql, args, why := placeholders(c.sql, c.args, info, len(b.args)+1)
	if why != "" {
		return why
	}
	b.sql.WriteString(sql)
	b.args = append(b.args, args...)
	return ""
}

// placeholders numbers the ? of SQL text as the postgres dialector does,
// from $from on; text without ? keeps its own $n (Raw and Exec).
func placeholders(sql string, args []ast.Expr, info *types.Info, from int) (string, []ast.Expr, string) {
	if lists := sliceLists(info, args); lists != nil {
		return listPlaceholders(sql, args, lists, info, from)
	}
	for _, a := range args {
		if why := bindable(info, a); why != "" {
			return "", nil, why
		}
	}
	n := strings.Count(sql, "?")
	if n == 0 {
		if len(args) > 0 && (from != 1 || strings.Contains(sql, "@")) {
			return "", nil, "SQL with values but no ? placeholder"
		}
		return sql, args, ""
	}
	if n != len(args) {
		return "", nil, "the ? placeholders and the values do not match"
	}
	var out strings.Builder
	i := 0
	for _, r := range sql {
		if r == '?' {
			out.WriteString("$" + strconv.Itoa(from+i))
			i++
			continue
		}
		out.WriteRune(r)
	}
	return out.String(), args, ""
}

// sliceLists returns, for each argument, the elements of a slice literal
// GORM expands to a list (nil for an argument bound as one value); nil
// when there is no such literal. A slice of run-time length whose items
// GORM binds one by one (numbers, strings, times, Valuers such as
// uuid.UUID) is a list of the slice itself: one parameter stands for its
// items. (GORM writes an empty one as (NULL), which matches no row.)
func sliceLists(info *types.Info, args []ast.Expr) [][]ast.Expr {
	var out [][]ast.Expr
	found := false
	for i, a := range args {
		lit, ok := ast.Unparen(a).(*ast.CompositeLit)
		if !ok {
			if t := info.TypeOf(a); t != nil && !isValuer(t) && info.Types[a].Value == nil {
				if u, ok := t.Underlying().(*types.Slice); ok && itemBound(u.Elem()) {
					if out == nil {
						out = make([][]ast.Expr, len(args))
					}
					out[i], found = []ast.Expr{a}, true
				}
			}
			continue
		}
		u, ok := info.TypeOf(lit).Underlying().(*types.Slice)
		if !ok {
			continue
		}
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			continue
		}
		if out == nil {
			out = make([][]ast.Expr, len(args))
		}
		out[i], found = lit.Elts, true
		if len(lit.Elts) == 0 {
			out[i] = []ast.Expr{} // not nil: still a list
		}
	}
	if !found {
		return nil
	}
	return out
}

// listPlaceholders is placeholders where some values are slice literals:
// GORM writes the ? of such a value as the list of its elements, each
// bound, in parentheses: "status IN ?" with []string{a, b} is
// "status IN ($1,$2)" (checked on its dry-run output). An empty list, a
// list in parentheses the code wrote itself ("IN (?)"), an element with
// a key or one GORM would not bind as one value leaves it unread.
func listPlaceholders(sql string, args []ast.Expr, lists [][]ast.Expr, info *types.Info, from int) (string, []ast.Expr, string) {
	if strings.Count(sql, "?") != len(args) {
		return "", nil, "the ? placeholders and the values do not match"
	}
	var out strings.Builder
	var bound []ast.Expr
	i := 0
	for j := 0; j < len(sql); j++ {
		if sql[j] != '?' {
			out.WriteByte(sql[j])
			continue
		}
		a := args[i]
		elems := lists[i]
		i++
		if elems == nil {
			if why := bindable(info, a); why != "" {
				return "", nil, why
			}
			bound = append(bound, a)
			fmt.Fprintf(&out, "$%d", from+len(bound)-1)
			continue
		}
		if len(elems) == 1 && elems[0] == a && j > 0 && sql[j-1] == '(' {
			// A slice of run-time length right after a parenthesis
			// ("IN (?)"): GORM writes its items there without parentheses
			// of its own; one parameter stands for them.
			bound = append(bound, a)
			fmt.Fprintf(&out, "$%d", from+len(bound)-1)
			continue
		}
		if len(elems) == 0 || strings.HasSuffix(strings.TrimRight(sql[:j], " "), "(") {
			return "", nil, "a slice value GORM writes as a list the tool does not read"
		}
		if len(elems) == 1 && elems[0] == a {
			// A slice of run-time length: one parameter for its items.
			bound = append(bound, a)
			fmt.Fprintf(&out, "($%d)", from+len(bound)-1)
			continue
		}
		out.WriteByte('(')
		for k, e := range elems {
			if _, ok := e.(*ast.KeyValueExpr); ok {
				return "", nil, "a slice value GORM writes as a list the tool does not read"
			}
			if why := bindable(info, e); why != "" {
				return "", nil, why
			}
			if k > 0 {
				out.WriteByte(',')
			}
			bound = append(bound, e)
			fmt.Fprintf(&out, "$%d", from+len(bound)-1)
		}
		out.WriteByte(')')
	}
	return out.String(), bound, ""
}

// bindable says why GORM would not bind a value as one parameter: a slice
// expands to a list, and a map, a named argument, a sub-query or an
// expression are written into the SQL.
func bindable(info *types.Info, e ast.Expr) string {
	if _, ok := e.(*ast.BadExpr); ok {
		return "" // a value GORM binds itself
	}
	t := info.TypeOf(e)
	if t == nil {
		return "a value the tool cannot type"
	}
	if tv := info.Types[e]; tv.IsNil() {
		return "a nil value, which GORM writes as NULL"
	}
	if p, ok := t.Underlying().(*types.Pointer); ok && effects.IsGormDB(p) {
		return "a GORM sub-query"
	}
	if isValuer(t) {
		return "" // GORM binds a driver.Valuer (uuid.UUID, an array) as it is
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return ""
		}
		return "a slice value, which GORM expands to a list"
	case *types.Array, *types.Map:
		return "a value GORM writes into the SQL"
	case *types.Interface:
		return "a value whose type is an interface"
	}
	if isNamed(t, "gorm.io/gorm/clause", "Expr") || isNamed(t, "database/sql", "NamedArg") {
		return "a value GORM writes into the SQL"
	}
	return ""
}

// itemBound reports whether GORM binds an item of type t as one value: a
// number, a string, a bool, a time or a driver.Valuer; not a byte, as a
// []byte (json.RawMessage) is one value to GORM, not a list.
func itemBound(t types.Type) bool {
	if isValuer(t) || isNamed(t, "time", "Time") {
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() != types.Byte && b.Info()&(types.IsNumeric|types.IsString|types.IsBoolean) != 0
}

// isValuer reports whether t has database/sql/driver's Value method.
func isValuer(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Value")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 2 {
		return false
	}
	res := sig.Results().At(0).Type()
	return isNamed(res, "database/sql/driver", "Value") && types.Identical(sig.Results().At(1).Type(), types.Universe.Lookup("error").Type())
}

func isString(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// compositeOf returns the literal of T{...} or &T{...}.
func compositeOf(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

func hasKey(lit *ast.CompositeLit, name string) bool {
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return true
			}
		}
	}
	return false
}

func calleeOf(info *types.Info, call *ast.CallExpr) (*types.Func, bool) {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return nil, false
	}
	fn, ok := info.Uses[id].(*types.Func)
	return fn, ok
}

// plainIdent reports whether a name is a lower-case SQL identifier GORM
// quotes as it is.
func plainIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || 'a' <= r && r <= 'z' || i > 0 && '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// bindFieldConsts records the constants stored to a field as the values
// of the argument at i: one constant in consts, several in sets, and the
// Go constants that name integer states in names.
func bindFieldConsts(vs []BoundConst, i int, consts *map[int]string, sets *map[int][]BoundConst, names *map[int]map[string]*types.Const) {
	for _, v := range vs {
		if v.Obj == nil {
			continue
		}
		if *names == nil {
			*names = map[int]map[string]*types.Const{}
		}
		if (*names)[i] == nil {
			(*names)[i] = map[string]*types.Const{}
		}
		(*names)[i][v.Value] = v.Obj
	}
	switch {
	case len(vs) == 1:
		if *consts == nil {
			*consts = map[int]string{}
		}
		(*consts)[i] = vs[0].Value
	case len(vs) > 1:
		if *sets == nil {
			*sets = map[int][]BoundConst{}
		}
		(*sets)[i] = vs
	}
}
