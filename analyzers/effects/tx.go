package effects

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/internal/pgxpath"
)

// Handles and transactions: which database value a call runs on, and the
// life cycle of the transactions a package begins.

// Kind is what a database value is, which decides how long what a statement
// run on it (a row lock, an advisory lock, a write) lasts.
type Kind int

const (
	KindUnknown Kind = iota // an interface (sqlc's DBTX) or a type of the module's own
	KindPool                // a pool or *sql.DB: each statement is its own transaction
	KindConn                // one connection
	KindTx                  // a transaction
)

func (k Kind) String() string { return [...]string{"unknown", "pool", "conn", "tx"}[k] }

// KindOf classifies a database library's type: pgx, pgxpool, database/sql
// and sqlx pools, connections and transactions (or pointers to them).
func KindOf(t types.Type) Kind {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return KindUnknown
	}
	if k := kindOfName(named.Obj().Pkg().Path(), named.Obj().Name()); k != KindUnknown {
		return k
	}
	return ormKind(named.Obj().Pkg().Path(), named.Obj().Name())
}

// kindOfName classifies a database library's type by its package path and
// name.
func kindOfName(path, name string) Kind {
	switch pgxpath.Canonical(path) + "." + name {
	case "github.com/jackc/pgx/v5/pgxpool.Pool", "database/sql.DB", "github.com/jmoiron/sqlx.DB":
		return KindPool
	case "github.com/jackc/pgx/v5.Conn", "github.com/jackc/pgx/v5/pgxpool.Conn", "database/sql.Conn", "github.com/jmoiron/sqlx.Conn":
		return KindConn
	case "github.com/jackc/pgx/v5.Tx", "github.com/jackc/pgx/v5/pgxpool.Tx", "database/sql.Tx", "github.com/jmoiron/sqlx.Tx":
		return KindTx
	}
	return KindUnknown
}

// ArgKind returns what the argument at index i of a call holds when it is
// an interface value (a store's Querier): the kind of every concrete type
// the code shows it may hold (see ReceiverTypes), when they are one
// database library's pools, connections or transactions alike; unknown
// when one is out of sight, of the module's own, or they differ.
func (e *Effects) ArgKind(call ssa.CallInstruction, i int) Kind {
	if call == nil || e.Pkg() == nil || i >= len(call.Common().Args) {
		return KindUnknown
	}
	ts, known := e.typesOf(call.Common().Args[i])
	if !known || len(ts) == 0 {
		return KindUnknown
	}
	kind := KindUnknown
	for _, t := range ts {
		dot := strings.LastIndex(t, ".")
		k := kindOfName(t[:max(0, dot)], t[dot+1:])
		if k == KindUnknown || kind != KindUnknown && k != kind {
			return KindUnknown
		}
		kind = k
	}
	return kind
}

// dbLike reports whether a value of type t can run SQL: a library's pool,
// connection or transaction, or an interface with at least two of Exec,
// Query and QueryRow (or their Context forms), as sqlc's DBTX.
func dbLike(t types.Type) bool {
	if KindOf(t) != KindUnknown || IsGormDB(t) || popDB(t) {
		return true
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	found := map[string]bool{}
	for i := range iface.NumMethods() {
		switch name := strings.TrimSuffix(iface.Method(i).Name(), "Context"); name {
		case "Exec", "Query", "QueryRow":
			found[name] = true
		}
	}
	return len(found) >= 2
}

// A Handle is the identity of a database value: the value it comes from
// (a parameter, a Begin's result, a call that made it, a package variable)
// and the path of fields it is held in (s.q.db). Values made from one
// database value (sqlc's New(db), q.WithTx(tx)) are that value, as is a
// variable captured by a closure or assigned once. Its zero value is no
// handle.
type Handle struct {
	// Kind is the most precise kind seen on the way to the value: a
	// Queries made with New(tx) is a transaction.
	Kind Kind
	root ssa.Value
	path string
	// cond marks a value a context carries that the code takes only when
	// the context carries one, falling back to another handle (see
	// mergeCtx).
	cond bool
}

// Known reports whether the handle names a value.
func (h Handle) Known() bool { return h.root != nil }

// Same reports whether two handles are one database value.
func (h Handle) Same(o Handle) bool { return h.root != nil && h.root == o.root && h.path == o.path }

// Param returns the index of the parameter of fn the handle is (not a
// field of), or -1.
func (h Handle) Param(fn *ssa.Function) int {
	p, ok := h.root.(*ssa.Parameter)
	if !ok || p.Parent() != fn || h.path != "" {
		return -1
	}
	return slices.Index(fn.Params, p)
}

// HeldBy returns the index of the parameter of fn the handle is or is held
// in (a field of a receiver: tx.Tx of a wrapper type Tx struct{ *sql.Tx }),
// or -1.
func (h Handle) HeldBy(fn *ssa.Function) int {
	p, ok := h.root.(*ssa.Parameter)
	if !ok || p.Parent() != fn {
		return -1
	}
	return slices.Index(fn.Params, p)
}

// handleOf returns the handle of a value.
func handleOf(v ssa.Value) Handle { return handle(v, 0) }

func handle(v ssa.Value, depth int) Handle { return handleAt(v, "", depth) }

// handleAt returns the handle of the value path reaches from v.
func handleAt(v ssa.Value, path string, depth int) Handle {
	var h Handle
	for range 32 {
		if v == nil || depth > 8 {
			return Handle{}
		}
		if h.Kind == KindUnknown && !h.cond {
			h.Kind = KindOf(v.Type())
		}
		if nv, np, ok := ctxStepIn(v, path); ok {
			v, path = nv, np
			continue
		}
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeInterface:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.TypeAssert:
			if !x.CommaOk {
				v = x.X
				continue
			}
		case *ssa.Extract:
			if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
				v = ta.X // tx, ok := ctx.Value(key).(pgx.Tx): tx is nil where ok is false
				continue
			}
			// A wrapper is its database value as such, not through its
			// fields (s.pool of s := NewStore(pool) is s's field).
			if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 && path == "" {
				if from := madeFrom(call.Common()); from != nil {
					v = from
					continue
				}
			}
		case *ssa.Call:
			if ctx, key, ok := ctxValue(x.Common()); ok {
				v, path = ctx, ctxStep+key+")"+path
				continue
			}
			if rh, ok := returnedHandle(x, depth); ok {
				v, path = rh.root, rh.path+path
				if rh.cond {
					h.cond, h.Kind = true, KindUnknown
				}
				continue
			}
			if from := ormChainFrom(x.Common()); from != nil && path == "" {
				v = from
				continue
			}
			if path == "" {
				if from := madeFrom(x.Common()); from != nil {
					v = from
					continue
				}
			}
		case *ssa.Field:
			if !embedsItself(x.X.Type(), x.Field) {
				path = "." + structFieldName(x.X.Type(), x.Field) + path
			}
			v = x.X
			continue
		case *ssa.UnOp:
			if x.Op != token.MUL {
				break
			}
			ptr := x.X
			for {
				fv, ok := ptr.(*ssa.FreeVar)
				if !ok || freeVarBinding(fv) == nil {
					break
				}
				ptr = freeVarBinding(fv)
			}
			if stored := storedAt(ptr); stored != nil {
				v = stored
				continue
			}
			if fa, ok := ptr.(*ssa.FieldAddr); ok {
				if p, ok := fa.X.Type().Underlying().(*types.Pointer); ok {
					if !embedsItself(p.Elem(), fa.Field) {
						path = "." + structFieldName(p.Elem(), fa.Field) + path
					}
					v = fa.X
					continue
				}
			}
			path = "*" + path
			v = ptr
			continue
		case *ssa.FreeVar:
			if b := freeVarBinding(x); b != nil {
				v = b
				continue
			}
		case *ssa.Phi:
			var one Handle
			var all []Handle
			for _, edge := range x.Edges {
				if edge == ssa.Value(x) {
					continue
				}
				all = append(all, handle(edge, depth+1))
			}
			for _, eh := range all {
				if !eh.Known() || one.Known() && !eh.Same(one) {
					one = mergeCtx(x.Parent(), all)
					break
				}
				one = eh
			}
			if one.Known() {
				if one.cond || h.cond {
					one.cond, h.Kind = true, KindUnknown
				}
				one.path += path
				if h.Kind != KindUnknown {
					one.Kind = h.Kind
				}
				return one
			}
		}
		h.root, h.path = v, path
		return h
	}
	return Handle{}
}

// madeFrom returns the database value a call makes its result from: the
// only argument that can run SQL, when the result is no library value of
// its own (sqlc's New(db), q.WithTx(tx), a store's NewStore(pool)).
func madeFrom(c *ssa.CallCommon) ssa.Value {
	sig := c.Signature()
	if gormMethod(c) == "Begin" {
		return nil // a transaction, not the pool it begins on
	}
	if sig.Results().Len() == 0 || KindOf(sig.Results().At(0).Type()) != KindUnknown || !dbLikeOrStruct(sig.Results().At(0).Type()) {
		return nil
	}
	var from ssa.Value
	for _, a := range c.Args {
		if dbLike(a.Type()) {
			if from != nil {
				return nil
			}
			from = a
		}
	}
	return from
}

// Wraps reports whether a call only makes a value from a database value
// it is given (sqlc's New(tx), a wrapper's NewTx(tx)): the result is that
// database value (see Handle), and the call runs nothing on it.
func Wraps(call ssa.CallInstruction) bool {
	c := call.Common()
	return !c.IsInvoke() && c.StaticCallee() != nil && madeFrom(c) != nil
}

// dbLikeOrStruct reports whether a result can hold a database value for
// its caller: an interface that runs SQL, or a (pointer to a) struct.
func dbLikeOrStruct(t types.Type) bool {
	if dbLike(t) {
		return true
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// storedAt returns the value a pointer's memory holds when the package
// gives it exactly one value and passes its address nowhere: a variable
// captured by a closure, or a field of a struct the function makes
// (&Store{db: pool}).
func storedAt(ptr ssa.Value) ssa.Value {
	var val ssa.Value
	n := 0
	// visit counts the stores to addr (to its field, when field >= 0).
	var visit func(addr ssa.Value, field int)
	visit = func(addr ssa.Value, field int) {
		refs := addr.Referrers()
		if refs == nil {
			return
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr != addr {
					n += 2 // the address itself is stored: written out of sight
				} else if field < 0 {
					n++
					val = r.Val
				} else {
					n += 2 // the whole struct is written
				}
			case *ssa.FieldAddr:
				if field >= 0 && r.Field == field {
					visit(r, -1)
				}
			case *ssa.MakeClosure:
				for i, b := range r.Bindings {
					if b == addr {
						visit(r.Fn.(*ssa.Function).FreeVars[i], field)
					}
				}
			case ssa.CallInstruction:
				n += 2 // given to a function, which may write it
			}
		}
	}
	switch p := ptr.(type) {
	case *ssa.Alloc:
		visit(p, -1)
	case *ssa.FieldAddr:
		a, ok := p.X.(*ssa.Alloc)
		if !ok {
			return nil
		}
		visit(a, p.Field)
	default:
		return nil
	}
	if n != 1 {
		return nil
	}
	return val
}

// freeVarBinding returns the value a closure's free variable is bound to, when
// the closure is made in one place.
func freeVarBinding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	if fn.Parent() == nil {
		return nil
	}
	idx := slices.Index(fn.FreeVars, fv)
	var made *ssa.MakeClosure
	for _, r := range references(fn) {
		mc, ok := r.(*ssa.MakeClosure)
		if !ok || made != nil {
			return nil
		}
		made = mc
	}
	if made == nil || idx < 0 || idx >= len(made.Bindings) {
		return nil
	}
	return made.Bindings[idx]
}

// embedsItself reports whether field i of a database library's handle
// type is the same database value under another library's type: sqlx's
// Tx embeds *sql.Tx (and DB *sql.DB), so tx.Rollback() on a *sqlx.Tx is
// the promoted (*sql.Tx).Rollback of its field, and ends tx itself.
func embedsItself(t types.Type, i int) bool {
	k := KindOf(t)
	s, ok := t.Underlying().(*types.Struct)
	if k == KindUnknown || !ok || i >= s.NumFields() || !s.Field(i).Embedded() {
		return false
	}
	return KindOf(s.Field(i).Type()) == k
}

func structFieldName(t types.Type, i int) string {
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i).Name()
	}
	return "?"
}

// HandleOf returns the handle a call runs on: the value a method is called
// on (tx in tx.Exec(...), q in q.FetchJob(ctx)), or for a function, its
// only argument that can run SQL (lockNext(ctx, tx)); no handle otherwise.
func HandleOf(call ssa.CallInstruction) Handle {
	if call == nil {
		return Handle{}
	}
	c := call.Common()
	if c.IsInvoke() {
		return handleOf(c.Value)
	}
	if c.Signature().Recv() != nil && len(c.Args) > 0 {
		return handleOf(c.Args[0])
	}
	var on ssa.Value
	for _, a := range c.Args {
		if dbLike(a.Type()) {
			if on != nil {
				return Handle{}
			}
			on = a
		}
	}
	if on == nil {
		return Handle{}
	}
	return handleOf(on)
}

// ArgHandle returns the handle of a call's i-th argument, counting a static
// method's receiver as argument 0 (as ssa does).
func ArgHandle(call ssa.CallInstruction, i int) Handle {
	if call == nil || i < 0 || i >= len(call.Common().Args) {
		return Handle{}
	}
	return handleOf(call.Common().Args[i])
}

// Isolation is a transaction's isolation level, as its Begin asks for it.
type Isolation int

const (
	IsoDefault         Isolation = iota // none asked: the session's default (read committed unless configured)
	IsoReadUncommitted                  // runs as read committed on PostgreSQL
	IsoReadCommitted
	IsoRepeatableRead
	IsoSerializable
	IsoUnknown // options the tool cannot read, or a transaction begun out of sight
)

func (i Isolation) String() string {
	return [...]string{"default", "read uncommitted", "read committed", "repeatable read", "serializable", "unknown"}[i]
}

// Snapshot reports whether the level gives each statement of the
// transaction one snapshot, so that an UPDATE of a row another transaction
// changed since fails with SQLSTATE 40001 rather than overwriting it.
func (i Isolation) Snapshot() bool { return i == IsoRepeatableRead || i == IsoSerializable }

// A Tx is one transaction as the code runs it: begun by a call (Begin,
// BeginTx, pgx.BeginFunc...) or given to a function (a parameter, a field)
// by code out of sight, and ended by Commit or Rollback calls.
type Tx struct {
	// Begin is the call that begins it; nil for a transaction a function is
	// given.
	Begin     ssa.CallInstruction
	Isolation Isolation
	Handle    Handle
	// Func is the function the transaction is open in: Begin's, the
	// function given to pgx.BeginFunc, or the one it is given to.
	Func *ssa.Function
	// Ends are its Commit and Rollback calls in Func, not deferred.
	Ends []ssa.CallInstruction

	from ssa.Instruction // where it opens in Func: Begin's result, or the store that puts it in a field; nil: at entry
}

// Commits returns the transaction's Commit calls.
func (t *Tx) Commits() []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for _, e := range t.Ends {
		if calleeName(e.Common()) == "Commit" {
			out = append(out, e)
		}
	}
	return out
}

// transactions finds the transactions the package begins (run once, when
// the Effects is built).
func (e *Effects) transactions() []*Tx {
	var txs []*Tx
	for _, c := range e.sortedCalls() {
		if _, ok := c.(*ssa.Call); !ok {
			continue
		}
		common := c.Common()
		switch {
		case isBegin(common):
			t := &Tx{Begin: c, Func: c.Parent(), Isolation: IsoDefault}
			if opts := beginOptions(common); opts != nil {
				t.Isolation = isolationOf(opts)
			} else if gormMethod(common) == "Begin" {
				t.Isolation = gormIsolation(common)
			}
			result := ssa.Value(c.(*ssa.Call))
			if common.Signature().Results().Len() > 1 {
				result = extract0(c.(*ssa.Call))
				if result == nil {
					continue
				}
			}
			t.from = result.(ssa.Instruction)
			t.Handle = handleOf(result)
			txs = append(txs, t)
			// Put in a field (s.tx, err = db.Begin(ctx)): the field is
			// the transaction from the store on.
			for _, r := range *result.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Val == result {
					load := &ssa.UnOp{Op: token.MUL, X: st.Addr}
					if h := handleOf(load); h.Known() && !h.Same(t.Handle) {
						ft := *t
						ft.from, ft.Handle = st, h
						ft.Handle.Kind = KindTx
						txs = append(txs, &ft)
					}
				}
			}
		case isBeginFunc(common) || isORMBeginFunc(common):
			fn := funcArg(common.Args[len(common.Args)-1])
			if fn == nil || len(fn.Params) == 0 {
				continue
			}
			t := &Tx{Begin: c, Func: fn, Isolation: IsoDefault, Handle: handleOf(txParam(fn))}
			if (calleeName(common) == "BeginTxFunc" || isORMBeginFunc(common)) && len(common.Args) == 4 {
				t.Isolation = isolationOf(common.Args[2])
			}
			txs = append(txs, t)
		case gormTransaction(common) != nil:
			fn := gormTransaction(common)
			if len(fn.Params) == 0 {
				continue
			}
			txs = append(txs, &Tx{Begin: c, Func: fn, Isolation: gormIsolation(common), Handle: handleOf(fn.Params[0])})
		case isPopTransaction(common):
			fn := funcArg(common.Args[1])
			if fn == nil || len(fn.Params) != 1 {
				continue
			}
			// pop begins it with nil options (or joins the connection's
			// open transaction): the session's default level.
			txs = append(txs, &Tx{Begin: c, Func: fn, Isolation: IsoDefault, Handle: handleOf(fn.Params[0])})
		}
	}
	for _, t := range txs {
		t.Ends = e.ends(t.Func, t.Handle)
	}
	callbacks := e.callbackTxs(txs)
	for _, t := range callbacks {
		t.Ends = e.ends(t.Func, t.Handle)
	}
	return append(txs, callbacks...)
}

func extract0(call *ssa.Call) ssa.Value {
	for _, r := range *call.Referrers() {
		if x, ok := r.(*ssa.Extract); ok && x.Index == 0 {
			return x
		}
	}
	return nil
}

// funcArg returns the function a function value is: a function literal
// (with or without free variables) or a declared function.
func funcArg(v ssa.Value) *ssa.Function {
	switch f := v.(type) {
	case *ssa.MakeClosure:
		fn, _ := f.Fn.(*ssa.Function)
		return fn
	case *ssa.Function:
		return f
	}
	return nil
}

// ends returns the Commit and Rollback calls on a handle in fn (and in
// the closures it makes, which may run them), not deferred.
func (e *Effects) ends(fn *ssa.Function, h Handle) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for _, c := range e.sortedCalls() {
		call, ok := c.(*ssa.Call)
		if !ok || call.Parent() != fn {
			continue
		}
		switch calleeName(c.Common()) {
		case "Commit", "Rollback":
			if HandleOf(c).Same(h) {
				out = append(out, c)
			}
		}
	}
	return out
}

// calleeName returns the name of the method or function a call calls.
func calleeName(c *ssa.CallCommon) string {
	if c.IsInvoke() {
		return c.Method.Name()
	}
	if fn := c.StaticCallee(); fn != nil {
		return fn.Name()
	}
	return ""
}

// isBegin reports whether a call begins a transaction: a method named
// Begin, BeginTx (sqlx's Beginx, BeginTxx, MustBegin...) or a function
// of the module named begin... whose first result is a transaction.
func isBegin(c *ssa.CallCommon) bool {
	if gormMethod(c) == "Begin" {
		return true
	}
	res := c.Signature().Results()
	if res.Len() == 0 || KindOf(res.At(0).Type()) != KindTx {
		return false
	}
	name := calleeName(c)
	switch name {
	case "Begin", "BeginTx", "Beginx", "BeginTxx", "MustBegin", "MustBeginTx":
		return true
	}
	return strings.HasPrefix(strings.ToLower(name), "begin")
}

// IsBegin reports whether a call begins a transaction (see isBegin).
func IsBegin(c ssa.CallInstruction) bool { return isBegin(c.Common()) }

// isBeginFunc reports whether a call is pgx.BeginFunc or pgx.BeginTxFunc
// (v5's functions, pgx.BeginFunc(ctx, db, f), or v4's methods,
// pool.BeginFunc(ctx, f): the receiver is the call's first argument),
// which run their last argument in a transaction they begin and end.
func isBeginFunc(c *ssa.CallCommon) bool {
	fn := c.StaticCallee()
	if fn == nil || len(c.Args) < 3 {
		return false
	}
	// An imported package's method has no ssa.Package: its object does.
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return false
	}
	switch pgxpath.Canonical(obj.Pkg().Path()) {
	case pgxpath.V5, pgxpath.V5 + "/pgxpool":
		return fn.Name() == "BeginFunc" || fn.Name() == "BeginTxFunc"
	}
	return false
}

// beginOptions returns the options argument of a BeginTx call: a value
// of a struct type with an Isolation (database/sql) or IsoLevel (pgx)
// field, or a pointer to one.
func beginOptions(c *ssa.CallCommon) ssa.Value {
	for _, a := range c.Args {
		if isoField(a.Type()) >= 0 {
			return a
		}
	}
	return nil
}

// isoField returns the index of the isolation field of a TxOptions struct
// (or pointer to one), or -1.
func isoField(t types.Type) int {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Name() != "TxOptions" || named.Obj().Pkg() == nil {
		return -1
	}
	s, ok := named.Underlying().(*types.Struct)
	if !ok {
		return -1
	}
	for i := range s.NumFields() {
		switch pgxpath.Canonical(named.Obj().Pkg().Path()) + "." + s.Field(i).Name() {
		case "database/sql.Isolation", "github.com/jackc/pgx/v5.IsoLevel":
			return i
		}
	}
	return -1
}

// isolationOf reads the isolation level of a TxOptions value: a composite
// literal (&sql.TxOptions{Isolation: sql.LevelSerializable},
// pgx.TxOptions{IsoLevel: pgx.RepeatableRead}), its zero value, or nil.
func isolationOf(opts ssa.Value) Isolation {
	field := isoField(opts.Type())
	if c, ok := opts.(*ssa.Const); ok {
		if c.IsNil() || c.Value == nil {
			return IsoDefault // nil options, or a zero TxOptions{}
		}
		return IsoUnknown
	}
	if load, ok := opts.(*ssa.UnOp); ok && load.Op == token.MUL {
		opts = load.X
	}
	alloc, ok := opts.(*ssa.Alloc)
	if !ok {
		return IsoUnknown
	}
	level := ssa.Value(nil)
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Field != field {
			continue
		}
		for _, s := range *fa.Referrers() {
			if st, ok := s.(*ssa.Store); ok && st.Addr == fa {
				if level != nil {
					return IsoUnknown
				}
				level = st.Val
			}
		}
	}
	if level == nil {
		return IsoDefault
	}
	c, ok := level.(*ssa.Const)
	if !ok || c.Value == nil {
		return IsoUnknown
	}
	return levelOf(c)
}

// levelOf reads an isolation constant: pgx's TxIsoLevel strings, or
// database/sql's IsolationLevel, compared with the package's own
// constants (drivers for PostgreSQL run LevelSnapshot as repeatable read).
func levelOf(c *ssa.Const) Isolation {
	if c.Value.Kind() == constant.String {
		switch constant.StringVal(c.Value) {
		case "serializable":
			return IsoSerializable
		case "repeatable read":
			return IsoRepeatableRead
		case "read committed":
			return IsoReadCommitted
		case "read uncommitted":
			return IsoReadUncommitted
		case "":
			return IsoDefault
		}
		return IsoUnknown
	}
	named, ok := c.Type().(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return IsoUnknown
	}
	scope := named.Obj().Pkg().Scope()
	for name, iso := range map[string]Isolation{
		"LevelDefault": IsoDefault, "LevelReadUncommitted": IsoReadUncommitted, "LevelReadCommitted": IsoReadCommitted,
		"LevelRepeatableRead": IsoRepeatableRead, "LevelSnapshot": IsoRepeatableRead, "LevelSerializable": IsoSerializable,
	} {
		if k, ok := scope.Lookup(name).(*types.Const); ok && constant.Compare(k.Val(), token.EQL, c.Value) {
			return iso
		}
	}
	return IsoUnknown
}

// TxOf returns the transaction a call runs in: its handle is a transaction
// open at the call, begun (or given) on every path to it and not committed
// or rolled back on any path from its begin to the call. It returns nil
// when the call's handle is no transaction, or the tool cannot tell which
// one it is open in.
func (e *Effects) TxOf(call ssa.CallInstruction) *Tx {
	if e == nil || e.Pkg() == nil || call == nil {
		return nil
	}
	return e.txAt(HandleOf(call), call)
}

// TxAt returns the transaction a handle is at an instruction (see TxOf).
func (e *Effects) TxAt(h Handle, at ssa.Instruction) *Tx {
	if e == nil || e.Pkg() == nil || at == nil {
		return nil
	}
	return e.txAt(h, at)
}

func (e *Effects) txAt(h Handle, at ssa.Instruction) *Tx {
	if !h.Known() {
		return nil
	}
	found := false
	var open *Tx
	for _, t := range e.transactionsOnce() {
		if !t.Handle.Same(h) {
			continue
		}
		found = true
		if t.OpenAt(at) {
			if open != nil {
				return nil
			}
			open = t
		}
	}
	if found || open != nil {
		return open
	}
	if h.Kind != KindTx || h.cond {
		return nil
	}
	// A transaction the function is given: open from its entry.
	fn := at.Parent()
	for fn.Parent() != nil && !e.usesIn(h, fn) {
		fn = fn.Parent()
	}
	key := givenKey{h.root, h.path, fn}
	e.givenMu.Lock()
	defer e.givenMu.Unlock()
	if e.given == nil {
		e.given = map[givenKey]*Tx{}
	}
	t := e.given[key]
	if t == nil {
		t = &Tx{Handle: h, Func: fn, Isolation: IsoUnknown, Ends: e.ends(fn, h)}
		e.given[key] = t
	}
	if !t.OpenAt(at) {
		return nil
	}
	return t
}

type givenKey struct {
	root ssa.Value
	path string
	fn   *ssa.Function
}

// usesIn reports whether a handle's root is a value of fn.
func (e *Effects) usesIn(h Handle, fn *ssa.Function) bool {
	switch r := h.root.(type) {
	case *ssa.Parameter:
		return r.Parent() == fn
	case ssa.Instruction:
		return r.Parent() == fn
	}
	return false
}

// OpenAt reports whether the transaction is open at an instruction of its
// function (or of a closure it makes, judged where the closure is made):
// begun on every path to it, and ended on no path from its begin to it.
func (t *Tx) OpenAt(at ssa.Instruction) bool {
	at = anchor(at, t.Func)
	if at == nil {
		return false
	}
	if t.from != nil && !Before(t.from, at) {
		return false
	}
	for _, end := range t.Ends {
		if end != at && reachesWithout(end, at, t.from) {
			return false
		}
	}
	return true
}

// EndBetween returns a Commit or Rollback of the transaction that runs
// after a and before b on some path; nil when there is none.
func (t *Tx) EndBetween(a, b ssa.Instruction) ssa.CallInstruction {
	a, b = anchor(a, t.Func), anchor(b, t.Func)
	if a == nil || b == nil {
		return nil
	}
	for _, end := range t.Ends {
		if reachesWithout(a, end, t.from) && reachesWithout(end, b, t.from) {
			return end
		}
	}
	return nil
}

// SameTx reports whether two calls run in one transaction, open at both:
// nothing ends it between them.
func (e *Effects) SameTx(a, b ssa.CallInstruction) bool {
	ta, tb := e.TxOf(a), e.TxOf(b)
	return ta != nil && ta == tb
}

// anchor returns the instruction that stands for at in fn: at itself, or,
// for an instruction of a closure fn makes, the place it makes it (when it
// makes it once).
func anchor(at ssa.Instruction, fn *ssa.Function) ssa.Instruction {
	for at != nil && at.Parent() != fn {
		inner := at.Parent()
		if inner.Parent() == nil {
			return nil
		}
		refs := references(inner)
		if len(refs) != 1 {
			return nil
		}
		at = refs[0]
	}
	return at
}

// reachesWithout reports whether to can run after from, on a path that
// does not pass barrier (nil: none).
func reachesWithout(from, to, barrier ssa.Instruction) bool {
	if barrier == nil {
		return Reaches(from, to, nil)
	}
	return Reaches(from, to, []ssa.Instruction{barrier})
}

// Reaches reports whether to can run after from (instructions of one
// function), on a path that passes none of avoid.
func Reaches(from, to ssa.Instruction, avoid []ssa.Instruction) bool {
	if from == nil || to == nil || from.Block() == nil || to.Block() == nil || from.Parent() != to.Parent() {
		return false
	}
	blocked := func(instr ssa.Instruction) bool { return slices.Contains(avoid, instr) }
	return reachesPassingNone(from.Block(), slices.Index(from.Block().Instrs, from), to, blocked)
}

// Covers reports whether every path from at's function's entry to at
// passes one of by (instructions of that function): a lock taken before a
// claim on every path, in one call or in one per branch.
func Covers(by []ssa.Instruction, at ssa.Instruction) bool {
	if at == nil || at.Block() == nil {
		return false
	}
	fn := at.Parent()
	first := map[*ssa.BasicBlock]int{} // the index of the first of by in each block
	for _, b := range by {
		if b == nil || b.Parent() != fn || b.Block() == nil {
			continue
		}
		i := slices.Index(b.Block().Instrs, b)
		if j, ok := first[b.Block()]; !ok || i < j {
			first[b.Block()] = i
		}
	}
	target := at.Block()
	if i, ok := first[target]; ok && i < slices.Index(target.Instrs, at) {
		return true // in at's own block, before it: every path to at passes it
	}
	_, ok := first[fn.Blocks[0]]
	if ok && fn.Blocks[0] != target {
		return true
	}
	return !reachable(fn.Blocks[0], target, func(b *ssa.BasicBlock) bool {
		_, ok := first[b]
		return ok && b != target
	})
}

// Transactions returns the transactions the package begins, in the order
// of their Begin calls.
func (e *Effects) Transactions() []*Tx {
	if e.Pkg() == nil {
		return nil
	}
	return e.transactionsOnce()
}
