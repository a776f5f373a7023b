package queuemodel

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqldriver"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// Analyzer builds the package's queue model. It reports nothing itself.
var Analyzer = &analysis.Analyzer{
	Name:             "queuemodel",
	Doc:              "find the SQL a package runs and the job queue it forms (shared by every jobqlint rule)",
	URL:              "https://github.com/jobqlint/jobqlint",
	Run:              run,
	ResultType:       reflect.TypeFor[*Model](),
	Requires:         []*analysis.Analyzer{effects.Analyzer},
	FactTypes:        []analysis.Fact{(*Wrapper)(nil), (*Queues)(nil), (*Jobs)(nil), (*Implements)(nil), (*GoDDL)(nil), (*ormsql.TableName)(nil), (*ormsql.Boiler)(nil), (*ormsql.PopModelWrite)(nil), (*Half)(nil), (*PendingSplit)(nil), (*SetsField)(nil), (*GormPool)(nil), (*ScanHalf)(nil), (*ResetHalf)(nil), (*NotPostgres)(nil)},
	RunDespiteErrors: true,
}

func run(pass *analysis.Pass) (any, error) {
	m := &Model{
		Tables: make(map[string]*QueueTable),
		schema: &schemaState{root: moduleRoot(pass), dir: packageDir(pass)},
		files:  newFileMap(pass),
	}
	m.rootPath = pass.Pkg.Path() // outside module mode the root is the package's directory
	if pass.Module != nil && pass.Module.Path != "" {
		m.rootPath = pass.Module.Path
	}
	if effects.DependencyCode(pass) {
		// Neither the standard library nor another module is read: their
		// functions are not the module's queue (see effects.DependencyCode).
		// Under go vet this runs for every package the module depends on:
		// it must cost next to nothing.
		m.inspector, m.dependency = inspector.New(nil), true
		m.loops = newCallGraph(pass)
		return m, nil
	}
	m.inspector = inspector.New(pass.Files)
	m.effects = effectsOf(pass)
	b := &builder{
		pass:      pass,
		model:     m,
		resolver:  sqltext.New(pass.TypesInfo, pass.Files),
		effects:   m.effects,
		parsed:    make(map[string]*parsedSQL),
		wrappers:  make(map[*types.Func]*Wrapper),
		halves:    make(map[*types.Func]*Half),
		forwarded: make(map[*types.Func]bool),
	}
	// A store's table named by its constructor's callers, all of them
	// with one constant (NewStore(db, "outbox") in cmd/worker), is that
	// table: see effects.FieldGivenByModule.
	b.resolver.Given = m.effects.FieldGivenByModule
	b.findWrappers()
	b.exportGormPools()
	b.findCalls()
	b.preparedFields()
	b.dropPreparedTwins()
	b.findGoDDL()
	b.findModelDDL()
	b.triggerBodies()
	b.callerStates()
	b.enumerateStates()
	b.inferQueue()
	b.mergeViews()
	b.findRecordWrites()
	b.forwardHalves()
	m.halves = b.halves
	m.loops = buildCallGraph(pass, m)
	b.joinHalves()
	b.resolvePending()
	b.joinReclaims()
	b.exportFacts()
	b.exportHalves()
	b.exportPending()
	m.loops.exportFacts()
	if NoteUnschemed {
		m.noteUnschemed()
	}
	return m, nil
}

var statementName = regexp.MustCompile(`^\s*[A-Za-z_][A-Za-z0-9_.]*\s*$`)

type builder struct {
	pass     *analysis.Pass
	model    *Model
	resolver *sqltext.Resolver
	effects  *effects.Effects
	calls    map[token.Pos]*ast.CallExpr   // calls by their opening parenthesis, built on first use
	argOf    map[ast.Expr]argPlace         // the call each argument expression is passed to, built on first use (ormArgValues)
	decls    map[*types.Func]*ast.FuncDecl // the package's function declarations, built on first use (inMemory)
	parsed   map[string]*parsedSQL         // each distinct SQL string is parsed once per package
	wrappers map[*types.Func]*Wrapper
	halves   map[*types.Func]*Half // see collectHalves and forwardHalves
	// forwarded are the halves that forward to another (see forwardHalves).
	forwarded map[*types.Func]bool
	pending   map[*types.Func]*PendingSplit // see pend
	// ifaceHalves are interfaceHalf's answers, dropped whenever a half is
	// added (see forwardHalves).
	ifaceHalves map[*types.Func]ifaceHalf
	// implementers caches, per interface, the types in sight that
	// implement it (see implementersOf); typesInSight is their candidates.
	implementers map[*types.Named][]implementer
	typesInSight []candidate
	// stateNames are the Go constants naming the states of columns coded
	// as integers (see enumerateStates).
	stateNames map[columnKey]map[string]*types.Const
	// batchOnly are the tables only batchPolls found polls of.
	batchOnly []string
	// joinedAs are the statements batchPolls read as the SELECT of one
	// of the tables they join, with the statement as written (see
	// joinedBatch): a table that is no queue gets it back.
	joinedAs map[*Statement]*sqlcheck.Stmt
	// depStates caches inheritedStates.
	depStates map[string]TableStates
	// importRecord reads a function's RecordWrite fact (see
	// FindJobRecords).
	importRecord func(*types.Func) *RecordWrite
	// eachJob reads an interface method's EachJob fact (see
	// FindJobRecords).
	eachJob  func(*types.Func) bool
	imported map[string]*types.Package // see implRecord
}

type parsedSQL struct {
	stmts []*sqlcheck.Stmt
	err   *sqlcheck.ParseError
	call  *sqlcheck.FuncCall // the function the SQL only calls, if it does
}

// callSite is a call that runs SQL, directly, through a wrapper, or as a
// prepared statement.
type callSite struct {
	cur    inspector.Cursor
	call   *ast.CallExpr
	method dbMethod
	via    *types.Func
	sqlArg ast.Expr // the expression holding the SQL; nil when not found
	// argCall is the call that passes sqlArg, as its argument argIndex
	// (the call itself, or a prepared statement's Prepare).
	argCall  *ast.CallExpr
	argIndex int
	// orm is the statement an ORM or query builder call sends, rebuilt
	// from its chain; nil for SQL passed as text.
	orm *ormsql.Statement
	// copy says the call is a CopyFrom: a bulk INSERT (see copyCall).
	copy bool
}

// sites yields every call in the package that runs SQL.
func (b *builder) sites(yield func(callSite) bool) {
	root := b.model.inspector.Root()
	for cur := range root.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if st, ok := ormsql.Read(b.pass.TypesInfo, b.effects, cur, b.pass.ImportObjectFact); ok {
			m := dbMethod{name: st.Method, sqlIndex: -1, recv: ormReceiver[st.Handle], api: APISQL}
			if !yield(callSite{cur: cur, call: call, method: m, orm: &st}) {
				return
			}
			continue
		}
		if isCopyFrom(b.pass.TypesInfo, call) {
			m := dbMethod{name: "CopyFrom", sqlIndex: -1, api: APIPgx}
			if recv := typeutil.Callee(b.pass.TypesInfo, call).(*types.Func).Signature().Recv(); recv != nil {
				m.recv = receiverOf(recv.Type())
			}
			site := callSite{cur: cur, call: call, method: m, copy: true}
			if !b.copyPassedThrough(site) && !yield(site) {
				return
			}
			continue
		}
		if m, ok := classifyMethod(b.pass, call); ok {
			site := callSite{cur: cur, call: call, method: m}
			if m.recv == RecvStmt {
				site = b.prepared(site)
			} else if m.sqlIndex < len(call.Args) {
				site.sqlArg, site.argCall, site.argIndex = call.Args[m.sqlIndex], call, m.sqlIndex
			}
			if !yield(site) {
				return
			}
			continue
		}
		fn, ok := typeutil.Callee(b.pass.TypesInfo, call).(*types.Func)
		if !ok {
			continue
		}
		if w := b.wrapper(fn); w != nil {
			m := dbMethod{name: w.Method, sqlIndex: w.Param, recv: w.Receiver, api: w.API}
			site := callSite{cur: cur, call: call, method: m, via: fn}
			if w.Param < len(call.Args) {
				site.sqlArg, site.argCall, site.argIndex = call.Args[w.Param], call, w.Param
			}
			if !yield(site) {
				return
			}
		}
	}
}

// prepared completes a call on a prepared statement (stmt.QueryRow(...))
// with the SQL and receiver of the Prepare that made it, when the statement
// is a variable assigned once from a Prepare call.
func (b *builder) prepared(site callSite) callSite {
	sel, ok := site.call.Fun.(*ast.SelectorExpr)
	if !ok {
		return site
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return site
	}
	v, ok := b.pass.TypesInfo.Uses[id].(*types.Var)
	values := b.resolver.Assigns(v)
	if !ok || len(values) != 1 || values[0] == nil {
		return site
	}
	prep, ok := ast.Unparen(values[0]).(*ast.CallExpr)
	if !ok {
		return site
	}
	m, ok := classifyMethod(b.pass, prep)
	if !ok || !strings.HasPrefix(m.name, "Prepare") || m.sqlIndex >= len(prep.Args) {
		return site
	}
	site.method.recv, site.method.api = m.recv, m.api
	site.sqlArg, site.argCall, site.argIndex = prep.Args[m.sqlIndex], prep, m.sqlIndex
	return site
}

func (b *builder) wrapper(fn *types.Func) *Wrapper {
	if w := b.wrappers[fn]; w != nil {
		return w
	}
	if fn.Pkg() != nil && fn.Pkg() != b.pass.Pkg {
		var w Wrapper
		if b.pass.ImportObjectFact(fn.Origin(), &w) {
			return &w
		}
	}
	return nil
}

// findWrappers finds the package's functions that pass a string parameter
// through as SQL, to a fixed point (a wrapper of a wrapper is a wrapper).
func (b *builder) findWrappers() {
	for changed := true; changed; {
		changed = false
		for site := range b.sites {
			fn, param := b.passedParam(site)
			if fn == nil || b.wrappers[fn] != nil {
				continue
			}
			b.wrappers[fn] = &Wrapper{Param: param, Method: site.method.name, Receiver: site.method.recv, API: site.method.api}
			changed = true
		}
	}
}

// passedParam returns the enclosing function and the index of its
// parameter when a site's SQL argument is that parameter, unchanged.
func (b *builder) passedParam(site callSite) (*types.Func, int) {
	if site.sqlArg == nil || site.method.recv == RecvStmt || site.orm != nil || site.copy {
		return nil, -1
	}
	id, ok := ast.Unparen(site.sqlArg).(*ast.Ident)
	if !ok {
		return nil, -1
	}
	v, ok := b.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil, -1
	}
	for cur := range site.cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		decl, ok := cur.Node().(*ast.FuncDecl)
		if !ok {
			return nil, -1 // inside a closure: not a wrapper others can call
		}
		fn, ok := b.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if !ok {
			return nil, -1
		}
		params := fn.Type().(*types.Signature).Params()
		for i := 0; i < params.Len(); i++ {
			if params.At(i) == v && len(b.resolver.Assigns(v)) == 0 {
				return fn, i
			}
		}
		return nil, -1
	}
	return nil, -1
}

// findCalls records every site whose SQL is not a wrapper's pass-through.
func (b *builder) findCalls() {
	for site := range b.sites {
		if fn, _ := b.passedParam(site); fn != nil {
			continue // the SQL is at the wrapper's callers
		}
		b.model.Calls = append(b.model.Calls, b.newCall(site))
	}
}

// dropPreparedTwins drops the Prepare of a text that the package also
// runs through a site of its own: sqlc's emit_prepared_queries prepares
// every query in Prepare (db.go) and runs it in the query's method through
// q.exec/q.query/q.queryRow, which pass the text on as well. The statement
// runs, and is judged, where the method runs it; the Prepare would report
// every finding a second time.
func (b *builder) dropPreparedTwins() {
	run := map[string]bool{}
	for _, c := range b.model.Calls {
		if c.Known && !strings.HasPrefix(c.Method, "Prepare") {
			run[c.SQL] = true
		}
	}
	b.model.Calls = slices.DeleteFunc(b.model.Calls, func(c *Call) bool {
		return c.Known && strings.HasPrefix(c.Method, "Prepare") && run[c.SQL]
	})
}

func (b *builder) newCall(site callSite) *Call {
	c := &Call{
		Expr:     site.call,
		Method:   site.method.name,
		Receiver: site.method.recv,
		API:      site.method.api,
		Via:      site.via,
	}
	for cur := range site.cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if c.Func == nil {
			c.Func = cur.Node()
		}
		if decl, ok := cur.Node().(*ast.FuncDecl); ok {
			c.Decl = decl
		}
	}
	if site.orm != nil {
		b.ormCall(c, site.orm)
		return c
	}
	if site.copy {
		b.copyCall(c, site)
		c.ResultChecked = b.resultChecked(site)
		return c
	}
	if site.sqlArg == nil {
		c.Unread = "the SQL argument is not found"
		if site.method.recv == RecvStmt && !b.namedStmt(c, site) {
			c.Unread = unseenPrepare
		}
	} else {
		c.SQLExpr = site.sqlArg
		t := b.resolver.Resolve(c.SQLExpr)
		c.SQL, c.Known, c.Unread, c.Spliced = t.SQL, t.Known, t.Unread, t.Spliced
		if !c.Known {
			b.sqlOnSSA(c, site)
		}
		if !c.Known {
			b.namedArg(c, site)
		}
		if c.Known && statementName.MatchString(c.SQL) {
			// pgx runs a prepared statement when given its name
			// (conn.QueryRow(ctx, "get_user", id)): not SQL to parse.
			c.Known, c.Unread = false, "the name of a prepared statement"
		}
		if site.method.recv != RecvStmt && site.method.sqlIndex >= 0 && !site.call.Ellipsis.IsValid() {
			c.Args = site.call.Args[site.method.sqlIndex+1:]
			c.instr, c.argBase = b.effects.Call(site.call), site.method.sqlIndex+1
			c.atNamed = len(c.Args) > 0 && pgxRewriter(b.pass.TypesInfo.TypeOf(c.Args[0]))
		} else if instr := b.effects.Call(site.call); site.call.Ellipsis.IsValid() && instr != nil && site.method.sqlIndex == len(site.call.Args)-2 {
			// db.QueryRowContext(ctx, query, args...): the constants the
			// slice holds (a literal, a builder's ToSql arguments).
			all := instr.Common().Args
			c.boundConsts = b.effects.BoundConstants(all[len(all)-1])
			c.spread, c.argBase = instr, site.method.sqlIndex+1
		}
		if t.Placeholders {
			c.ddl = t.Pos
		}
		b.namedConsts(c, site)
	}
	if c.Known && b.anotherDatabasesText(c, site) {
		c.Known, c.Unread = false, otherDatabaseText
	}
	if c.Known {
		b.read(c)
	}
	c.ScanArgs = b.scanArgs(site)
	c.ResultChecked = b.resultChecked(site)
	return c
}

// namedConsts reads the string constants sqlx binds to the :name
// parameters of a NamedExec or NamedQuery from the struct or map it is
// given (effects.NamedConstants), numbered as read numbers the names.
func (b *builder) namedConsts(c *Call, site callSite) {
	i := site.method.sqlIndex + 1
	if !c.Known || len(c.variants) > 0 || !strings.HasPrefix(c.Method, "Named") || site.method.recv == RecvStmt || i <= 0 || i >= len(site.call.Args) {
		return
	}
	instr := b.effects.Call(site.call)
	if instr == nil {
		return
	}
	_, names := sqltext.Named(c.SQL)
	if consts := b.effects.NamedConstants(instr, effects.Arg(instr, i), names); consts != nil {
		c.boundConsts = consts
	}
}

// resultChecked reports whether the code looks at what a call affected (see
// Call.ResultChecked). When the tool cannot tell, it says checked.
func (b *builder) resultChecked(site callSite) bool {
	if strings.HasPrefix(site.method.name, "Prepare") {
		return true // a prepared statement's result is the statement: each run is judged where it runs
	}
	parent := site.cur.Parent()
	switch p := parent.Node().(type) {
	case *ast.ExprStmt:
		return false // pool.Exec(...) with nothing kept
	case *ast.SelectorExpr:
		if isScan(b.pass.TypesInfo, p) {
			return usedResult(parent.Parent())
		}
		return true
	case *ast.AssignStmt:
		if len(p.Lhs) == 0 {
			return true
		}
		id, ok := p.Lhs[0].(*ast.Ident)
		if !ok {
			return true
		}
		if id.Name == "_" {
			return false // _, err := pool.Exec(...): the count is thrown away
		}
		v := b.resolver.Object(id)
		if v == nil {
			return true
		}
		return b.resultUsed(site, v)
	}
	return true
}

// usedResult reports whether the result of the call at cur is kept: not a
// bare statement, not assigned to _.
func usedResult(cur inspector.Cursor) bool {
	switch p := cur.Parent().Node().(type) {
	case *ast.ExprStmt:
		return false
	case *ast.AssignStmt:
		if id, ok := p.Lhs[0].(*ast.Ident); ok && id.Name == "_" && len(p.Lhs) == 1 {
			return false
		}
	}
	return true
}

// resultUsed reports whether the variable holding a call's result is used
// to check it: RowsAffected, Next, or a Scan whose error is kept.
func (b *builder) resultUsed(site callSite, v types.Object) bool {
	for fn := range site.cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		for cur := range fn.Preorder((*ast.SelectorExpr)(nil)) {
			sel := cur.Node().(*ast.SelectorExpr)
			x, ok := ast.Unparen(sel.X).(*ast.Ident)
			if !ok || b.pass.TypesInfo.Uses[x] != v || sel.Pos() < site.call.End() {
				continue
			}
			switch name := sel.Sel.Name; {
			case name == "RowsAffected", name == "Next":
				return true
			case isScan(b.pass.TypesInfo, sel):
				if usedResult(cur.Parent()) {
					return true
				}
			}
		}
		for cur := range fn.Preorder((*ast.Ident)(nil)) {
			id := cur.Node().(*ast.Ident)
			if b.pass.TypesInfo.Uses[id] != v || id.Pos() < site.call.End() {
				continue
			}
			if _, ok := cur.Parent().Node().(*ast.SelectorExpr); !ok {
				return true // passed or returned as a whole: someone else checks it
			}
		}
		return false
	}
	return true
}

func (b *builder) parse(sql string) *parsedSQL {
	if p, ok := b.parsed[sql]; ok {
		return p
	}
	p := &parsedSQL{}
	raws, errs := sqlcheck.Parse(sql)
	if len(errs) > 0 {
		p.err = errs[0]
	}
	for _, raw := range raws {
		if st := sqlcheck.Facts(raw); st != nil {
			p.stmts = append(p.stmts, st)
		}
	}
	if len(raws) == 1 {
		p.call = sqlcheck.CallOnly(raws[0].Node)
	}
	b.parsed[sql] = p
	return p
}

// scanArgs finds the Scan that reads a call's row: chained
// (QueryRow(...).Scan(...)) or through the variable the result is assigned to.
func (b *builder) scanArgs(site callSite) []ast.Expr {
	parent := site.cur.Parent()
	if sel, ok := parent.Node().(*ast.SelectorExpr); ok && isScan(b.pass.TypesInfo, sel) {
		if call, ok := parent.Parent().Node().(*ast.CallExpr); ok {
			return call.Args
		}
	}
	assign, ok := parent.Node().(*ast.AssignStmt)
	if !ok || len(assign.Lhs) == 0 {
		return nil
	}
	id, ok := assign.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	v := b.resolver.Object(id)
	if v == nil {
		return nil
	}
	for fn := range site.cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		for cur := range fn.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !isScan(b.pass.TypesInfo, sel) || call.Pos() < site.call.End() {
				continue
			}
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && b.pass.TypesInfo.Uses[x] == v {
				return call.Args
			}
		}
		break
	}
	return nil
}

// exportFacts publishes the package's wrappers and the queue tables it or
// its dependencies poll, for the packages that import it.
func (b *builder) exportFacts() {
	for fn, w := range b.wrappers {
		b.pass.ExportObjectFact(fn, w)
	}
	for fn, name := range ormsql.TableNames(b.pass.TypesInfo, b.pass.Files) {
		b.pass.ExportObjectFact(fn, &ormsql.TableName{Name: name})
	}
	for obj, f := range ormsql.BoilerFacts(b.pass.TypesInfo, b.pass.Files) {
		b.pass.ExportObjectFact(obj, f)
	}
	for fn, w := range ormsql.PopModelWrites(b.pass.Pkg, b.effects, b.pass.Files) {
		b.pass.ExportObjectFact(fn, w)
	}
	var tables []string
	var states []TableStates
	inherited := b.inheritedStates()
	for name, t := range b.model.Tables {
		if (t.Local || t.Inherited) && !t.DueOnly() { // a dependent reads no state poll of a due-time queue
			tables = append(tables, name)
			switch {
			case t.Local && t.StateColumn != "" && len(t.Runnable) > 0:
				states = append(states, TableStates{Table: name, Column: t.StateColumn, Runnable: slices.Sorted(slices.Values(t.Runnable))})
			case !t.Local:
				if s, ok := inherited[name]; ok {
					states = append(states, s)
				}
			}
		}
	}
	if len(tables) > 0 {
		sort.Strings(tables)
		slices.SortFunc(states, func(a, b TableStates) int { return strings.Compare(a.Table, b.Table) })
		b.pass.ExportPackageFact(&Queues{Tables: slices.Compact(tables), States: states})
	}
}

var ormReceiver = map[ormsql.Handle]Receiver{
	ormsql.HandleUnknown:    RecvUnknown,
	ormsql.HandleAutocommit: RecvPool,
	ormsql.HandleTx:         RecvTx,
}

// ormCall completes a call whose statement an ORM or builder reader
// rebuilt: its SQL is read like SQL written by hand.
func (b *builder) ormCall(c *Call, st *ormsql.Statement) {
	c.SQL, c.Known, c.Unread, c.SQLExpr = st.SQL, st.Known, st.Unread, st.SQLExpr
	c.Args, c.ScanArgs, c.ResultChecked = st.Args, st.ScanArgs, st.ResultChecked
	c.boundConsts, c.boundSets, c.untouched = st.Consts, st.Sets, nil
	for n, names := range st.Names {
		for v, k := range names {
			c.noteStateConsts(n, []sqltext.Constant{{Value: v, Obj: k}})
		}
	}
	for col, set := range st.Written {
		if !set {
			if c.untouched == nil {
				c.untouched = map[string]bool{}
			}
			c.untouched[col] = true
		}
	}
	if len(st.Variants) == 0 {
		c.ormArgs = b.ormArgValues(st.Args)
	}
	if c.Known && len(st.Variants) > 0 {
		b.ormVariants(c, st)
	}
	if c.Known {
		b.read(c)
	}
}

// ormArgValues returns the SSA values of the expressions an ORM chain
// binds, each an argument of a Go call of the package (Where("id = ?",
// id), Update("status", status)); nil where the library binds a value of
// its own (gormValue) or the expression is no call's argument. Nil when
// none is known.
func (b *builder) ormArgValues(args []ast.Expr) []ssa.Value {
	if len(args) == 0 || !b.effects.Built() {
		return nil
	}
	if b.argOf == nil {
		b.argOf = map[ast.Expr]argPlace{}
		for _, f := range b.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					for i, a := range call.Args {
						b.argOf[a] = argPlace{call, i}
					}
				}
				return true
			})
		}
	}
	out := make([]ssa.Value, len(args))
	known := false
	for i, a := range args {
		at, ok := b.argOf[a]
		if !ok {
			continue // a value the library binds itself (gormValue), or no call's argument
		}
		if v := effects.Arg(b.effects.Call(at.call), at.index); v != nil {
			out[i], known = v, true
		}
	}
	if !known {
		return nil
	}
	return out
}

// argPlace is where an expression is passed: the call, and the index of
// the argument.
type argPlace struct {
	call  *ast.CallExpr
	index int
}

// ormVariants gives a call the other statements its chain sends on other
// paths, as the other texts of SQL chosen on a branch. Paths that bind
// other values ($2 the output on one path, the id on another) share no
// Args: each text keeps the string constants its own arguments bind.
func (b *builder) ormVariants(c *Call, st *ormsql.Statement) {
	argLists := [][]ast.Expr{st.Args}
	for _, v := range st.Variants {
		c.variants = append(c.variants, v.SQL)
		argLists = append(argLists, v.Args)
	}
	for _, args := range argLists[1:] {
		if !slices.Equal(args, argLists[0]) {
			c.Args = nil
			break
		}
	}
	if c.Args != nil {
		return
	}
	for ti, args := range argLists {
		for i, a := range args {
			tv, ok := b.pass.TypesInfo.Types[a]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				continue
			}
			if c.textConsts == nil {
				c.textConsts = map[int]map[int]string{}
			}
			if c.textConsts[ti] == nil {
				c.textConsts[ti] = map[int]string{}
			}
			c.textConsts[ti][i+1] = constant.StringVal(tv.Value)
		}
	}
}

const otherDatabaseText = "SQL with ? parameters run by database/sql in a module that also opens another database: written for that one (PostgreSQL's drivers take $1, $2...)"

// anotherDatabasesText reports whether a call's SQL is for another
// database than PostgreSQL: it is run on a handle of database/sql itself
// (not sqlx's, whose Rebind numbers ? parameters), parses only once its ?
// parameters are numbered, and the module registers a driver of another
// database. A library that supports SQLite beside PostgreSQL keeps one text
// for each; lib/pq and pgx's stdlib send ? to PostgreSQL as it is, where it
// does not parse. Text that reaches the call through a rewrite numbering
// its ? parameters (a dialect's rebind helper, sqlx.Rebind) is for
// PostgreSQL on that path (effects.Rebinds).
func (b *builder) anotherDatabasesText(c *Call, site callSite) bool {
	sel, ok := ast.Unparen(site.call.Fun).(*ast.SelectorExpr)
	if !ok || b.pass.TypesInfo.Selections[sel] == nil {
		return false
	}
	recv, ok := types.Unalias(typesDeref(b.pass.TypesInfo.Selections[sel].Recv())).(*types.Named)
	if !ok || recv.Obj().Pkg() == nil || recv.Obj().Pkg().Path() != "database/sql" {
		return false // sqlx's types, whose methods of database/sql run text Rebind numbered
	}
	if c.ParsedSQL() == c.SQL || !sqldriver.Of(b.model.schema.root).Other {
		return false
	}
	if instr := b.effects.Call(site.argCall); instr != nil && b.effects.Rebinds(effects.Arg(instr, site.argIndex)) {
		return false
	}
	return true
}

func typesDeref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// pgxRewriter reports whether t is one of pgx's query rewriters that name
// parameters @name (NamedArgs, StrictNamedArgs, StructArgs's
// QueryRewriter): given first among a query's arguments, pgx numbers them
// before it sends the query.
func pgxRewriter(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "github.com/jackc/pgx/v5" {
		return false
	}
	switch n.Obj().Name() {
	case "NamedArgs", "StrictNamedArgs", "QueryRewriter":
		return true
	}
	return false
}
