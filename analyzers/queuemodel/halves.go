package queuemodel

import (
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/callerargs"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A claim may be split over two functions of one package and called from
// another: store.Next(ctx) runs the SELECT that finds a job, and
// store.MarkRunning(ctx, id) the UPDATE that takes it, both called in turn
// by the worker package. The store's package cannot tell which of its
// UPDATEs by key is the take (MarkRunning and MarkDone look alike); its
// callers can. So the store exports each half as a fact, and the model of
// a package that calls a poll's half and then, with what it returned, a
// take's half, joins them (SplitClaims).

// Half is the fact that a function runs one half of a claim that its
// callers complete: the SELECT that picks a runnable job without taking it
// (a poll), or an UPDATE by key that moves a job out of the runnable
// states (a take). The function runs nothing else on the table.
type Half struct {
	Table  string
	Take   bool // the UPDATE; otherwise the SELECT
	Locked bool // the SELECT locks the rows it reads (FOR UPDATE)
	// Marks says the take's UPDATE marks a row handed on: the state it
	// sets, or the column, says so (sent, published_at; see relay.go).
	Marks    bool
	Receiver Receiver // what the statement runs on in the function
	// Field, when Receiver is unknown, names the field (pkgpath.Type.field)
	// that holds what the statement runs on, set by the package's exported
	// constructors from their parameters: their callers tell (see SetsField).
	Field string
	// Committed says the statement runs in a transaction the function
	// begins on Receiver and ends before it returns (pgx.BeginFunc, GORM's
	// Transaction, bun's RunInTx): to its callers, its row locks are gone
	// when it returns, as on a pool.
	Committed bool
	// Param, when Receiver is unknown and the statement runs on one of
	// the function's parameters (a Querier the caller hands it), is that
	// parameter's position among the signature's, plus one: the caller's
	// argument tells what it runs on (see argReceiver).
	Param int
	// ByCaller says the take's UPDATE writes the state its callers give
	// it (UpdateStatus(ctx, id, status): SET status = $2), at StateAt (a
	// parameter past the receiver, or a field of one): the store cannot tell which of the
	// states its callers give (States, those that are not runnable) is
	// the one a claim moves jobs to, unless claims of its own say (then
	// States holds only those). A caller's call is a take only where it
	// gives one of States, and, with Confirm, where the caller confirms it
	// (see confirmedTake).
	ByCaller    bool
	StateAt     callerargs.Pos
	States      []string
	Confirm     bool
	StateColumn string
}

func (*Half) AFact() {}

func (h *Half) String() string {
	what := "polls"
	if h.Take {
		what = "takes"
	}
	on := h.Receiver.String()
	if h.Field != "" {
		on = "field " + h.Field
	} else if h.Param > 0 {
		on = fmt.Sprintf("what its caller gives as argument %d", h.Param)
	}
	if h.Committed {
		on = "a transaction it begins on " + on + " and ends before it returns"
	}
	out := fmt.Sprintf("%s %s on %s (locked %t)", what, h.Table, on, h.Locked)
	if h.ByCaller {
		out += ", to the state its callers give (" + strings.Join(h.States, ", ") + ")"
	}
	return out
}

// A SplitClaim is a poll's half and a take's half, functions of another
// package, that a function of this package calls in turn, the take with
// what the poll returned.
type SplitClaim struct {
	Poll, Take         *Half
	PollSite, TakeSite *ast.CallExpr
	PollFunc, TakeFunc *types.Func
	Decl               *ast.FuncDecl // the caller
	// State is the state the caller's take moves the job to, when the
	// take writes the state its caller gives (Half.ByCaller).
	State string
	// Relay says the poll takes no lock and the caller hands what it
	// returned on before the take marks it (see relaySplit).
	Relay bool
}

// A FuncHalf is one of the package's functions and the half it runs.
type FuncHalf struct {
	Func *types.Func
	Half *Half
}

// Halves returns the package's functions that run a half of a claim (see
// Half), forwarders included, in source order.
func (m *Model) Halves() []FuncHalf {
	var out []FuncHalf
	for fn, h := range m.halves {
		out = append(out, FuncHalf{fn, h})
	}
	slices.SortFunc(out, func(a, b FuncHalf) int { return int(a.Func.Pos() - b.Func.Pos()) })
	return out
}

// SplitClaims returns the claims this package's code joins from halves of
// other packages, in source order.
func (m *Model) SplitClaims() []*SplitClaim { return m.splits }

// collectHalves records the halves of claims among a table's statements,
// before the model decides whether the package's own code makes the table
// a queue: a store whose claim its callers assemble has no claim of its
// own.
func (b *builder) collectHalves(qt *QueueTable) {
	if qt.StateColumn == "" || qt.flag() || !b.enqueuesRunnable(qt) {
		return // a page of users, a flag: only a table the package enqueues into has halves of a claim
	}
	found := map[*types.Func]*Half{}
	poll, take := false, false
	for _, st := range qt.Statements {
		if st.Call.Decl == nil {
			continue
		}
		fn := b.funcOf(st.Call.Decl)
		if fn == nil || b.halves[fn] != nil {
			continue
		}
		h := b.half(qt, st)
		if h == nil {
			continue
		}
		if prev := found[fn]; prev != nil {
			// Another view of a site whose state its callers give: one
			// more state they may take the job to.
			if prev.ByCaller && h.ByCaller && prev.StateAt == h.StateAt && !slices.Contains(prev.States, h.States[0]) {
				prev.States = append(prev.States, h.States[0])
				slices.Sort(prev.States)
			}
			continue
		}
		found[fn] = h // the first, in source order
		poll, take = poll || !h.Take, take || h.Take
	}
	if poll && take { // a store that has both halves; one alone is a listing, or an outcome
		maps.Copy(b.halves, found)
	}
}

// picksOne reports whether a poll picks the next job, one row: LIMIT 1, or
// a single row read (QueryRow, Get). A page of rows is a listing, unless
// it locks them (a batch claimed with FOR UPDATE SKIP LOCKED).
func picksOne(st *Statement) bool {
	if l := st.Polls[0].Limit; l != nil && l.Kind == sqlcheck.ValueConst {
		return l.Str == "1"
	}
	return strings.HasPrefix(st.Call.Method, "QueryRow") || strings.HasPrefix(st.Call.Method, "Get")
}

// enqueuesRunnable reports whether the package itself inserts rows in a
// runnable state, by a constant or by the state column's DEFAULT.
func (b *builder) enqueuesRunnable(qt *QueueTable) bool {
	for v := range b.initialStates(qt.Name, qt.StateColumn) {
		if slices.Contains(qt.Runnable, v) && slices.ContainsFunc(qt.Statements, func(st *Statement) bool { return st.Kind == sqlcheck.KindInsert }) {
			return true
		}
	}
	return false
}

// exportHalves exports the halves of claims among the package's functions.
func (b *builder) exportHalves() {
	for fn, h := range b.halves {
		b.pass.ExportObjectFact(fn, h)
	}
}

// half returns the half of a claim a statement is, or nil: a SELECT that
// picks runnable jobs and takes none itself (locking them at most), or an
// UPDATE by key that moves a job to a state that is not runnable: the state
// the package's claims move jobs to, when it has any (moving a job to an
// outcome is not taking it).
func (b *builder) half(qt *QueueTable, st *Statement) *Half {
	h := &Half{Table: qt.Name, Receiver: st.Call.Receiver}
	if r, ok := b.ownTxReceiver(st); ok {
		h.Receiver, h.Committed = r, true
	} else if start := gormChainStart(b.pass.TypesInfo, st.Call.Expr); start != nil && h.Receiver == RecvUnknown {
		// A GORM chain on a store's field (s.db.WithContext(ctx)...): what
		// the package or the constructor's callers store in it.
		h.Receiver, h.Field = b.onReceiver(start)
	} else {
		h.Param = b.unknownParam(st)
	}
	switch {
	case st.Kind == sqlcheck.KindSelect && (st.Role == RolePoll || st.Role == RoleClaim && st.NestedClaim() == nil) &&
		st.Step == nil && len(st.Polls) == 1 && filtersOn(st.Polls[0], qt.StateColumn) && (picksOne(st) || st.Polls[0].Lock != nil):
		h.Locked = st.Polls[0].Lock != nil
		return h
	case st.Kind == sqlcheck.KindUpdate && (st.Role == RoleNone || st.Role == RoleComplete) && st.PolledBy == nil && byKey(st.Stmt):
		v, ok := qt.AssignedState(st)
		if !ok || len(qt.Runnable) == 0 || slices.Contains(qt.Runnable, v) || len(qt.Claimed) > 0 && !slices.Contains(qt.Claimed, v) {
			return nil
		}
		h.Take = true // a compare-and-set would be a claim of the package's own
		if at, _, byCaller := st.ChosenByCallers(qt.StateColumn); byCaller {
			h.ByCaller, h.StateAt, h.States, h.StateColumn = true, at, []string{v}, qt.StateColumn
			h.Confirm = len(qt.Claimed) == 0
		}
		h.Marks = handedOn.MatchString(qt.StateColumn) || handedOn.MatchString(v) || handedOn.MatchString(qt.StateName(v))
		return h
	}
	return nil
}

// joinHalves finds, in each function of the package, a call of a poll's
// half followed by a call of a take's half on the same table that is given
// a variable the poll's call assigned, before anything else uses what the
// poll returned: a claim takes the job it found at once (a listing whose
// rows are then cancelled one by one is not a claim). A poll that locks its
// rows (FOR UPDATE) says it claims them, whatever the caller does with them
// before it marks them: its rows may be worked on first, one by one (a
// relay publishes each event, then marks it sent), and the take is given a
// value computed from them.
//
// A call of an interface method none of whose implementations the package
// sees, or of a half whose handle its callers choose (Half.Field), cannot
// be judged here: the pair is handed on to the commands that see them
// (PendingSplit).
func (b *builder) joinHalves() {
	info := b.pass.TypesInfo
	for _, f := range b.pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			var poll *splitStep
			var direct, vars map[types.Object]bool
			used, pended := false, false
			take := func(call *ast.CallExpr) bool {
				t := b.splitStep(call)
				if t == nil || poll == nil || t.half != nil && !t.half.Take || !usesAny(info, call.Args, vars) {
					return false
				}
				var state string
				if t.half != nil && t.half.ByCaller {
					var ok bool
					if state, ok = b.confirmedTake(decl, poll.call, call, t.half); !ok {
						return false
					}
				}
				if t.half == nil && poll.half != nil {
					// An interface method none of whose implementations
					// the package sees, given what a known poll returned:
					// the command judges whether it takes the job. It may
					// as well hand the job on (a relay's publisher, an
					// indexer) before a known take marks it, which this
					// function then joins as before (or hands on, when
					// the halves run on a field its constructor's
					// callers set): the poll stays.
					if !pended {
						b.pend(decl, poll, t, !used && usesAny(info, call.Args, direct))
						pended = true
					}
					return true
				}
				immediate := !used && usesAny(info, call.Args, direct)
				if poll.half != nil && t.half != nil && poll.half.Field == "" && t.half.Field == "" {
					relay := relaySplit(poll.half, t.half, immediate)
					if t.half.Table != poll.half.Table || !poll.half.Locked && !immediate && !relay {
						return false
					}
					b.model.splits = append(b.model.splits, &SplitClaim{Poll: poll.half, Take: t.half, PollSite: poll.call,
						TakeSite: call, PollFunc: poll.fn, TakeFunc: t.fn, Decl: decl, Relay: relay, State: state})
				} else {
					b.pend(decl, poll, t, immediate)
				}
				poll = nil
				return true
			}
			ast.Inspect(decl.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.RangeStmt:
					if poll != nil && usesAny(info, []ast.Expr{n.X}, vars) {
						for _, e := range []ast.Expr{n.Key, n.Value} {
							if obj := baseVar(info, e); e != nil && obj != nil {
								vars[obj] = true
							}
						}
					}
				case *ast.AssignStmt:
					if poll != nil && len(n.Lhs) == len(n.Rhs) {
						for i, l := range n.Lhs {
							if obj := baseVar(info, l); obj != nil && usesAny(info, n.Rhs[i:i+1], vars) {
								vars[obj] = true
							}
						}
					}
					if len(n.Rhs) != 1 {
						return true
					}
					call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
					if !ok {
						return true
					}
					if take(call) {
						return false
					}
					p := b.splitStep(call)
					if p == nil || p.half != nil && p.half.Take {
						return true
					}
					poll, used, pended = p, false, false
					direct = map[types.Object]bool{}
					for _, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok && id.Name != "_" && !isError(info.TypeOf(id)) {
							direct[info.ObjectOf(id)] = true
						}
					}
					vars = maps.Clone(direct)
					return false // the poll's own arguments are not uses of what it returns
				case *ast.CallExpr:
					if take(n) {
						return false
					}
				case *ast.Ident:
					if poll != nil && direct[info.Uses[n]] {
						used = true // used before any take
					}
				}
				return true
			})
		}
	}
}

// A splitStep is a call that may be one half of a claim split over
// functions: of a known half, or of an interface method none of whose
// implementations the package sees (dispatch).
type splitStep struct {
	call     *ast.CallExpr
	fn       *types.Func
	half     *Half
	dispatch *Dispatch
}

func (b *builder) splitStep(call *ast.CallExpr) *splitStep {
	if fn, h := b.joinable(call); h != nil {
		if h.Receiver == RecvUnknown && h.Field == "" && h.Param > 0 {
			r := *h
			r.Receiver, r.Param = b.argReceiver(call, h.Param-1), 0
			h = &r
		} else if h.Receiver == RecvUnknown && h.Field == "" {
			// sqlc's Queries: what the caller holds them on.
			r := *h
			r.Receiver, r.Field = b.onReceiver(call)
			h = &r
		}
		return &splitStep{call: call, fn: fn, half: h}
	}
	fn := b.calleeOf(call)
	if fn == nil || !isInterfaceMethod(fn) {
		return nil
	}
	if _, n := b.interfaceHalf(fn); n > 0 {
		return nil // implementations in sight that are not halves
	}
	if d, ok := b.model.loops.dispatch(call, fn); ok {
		return &splitStep{call: call, fn: fn, dispatch: &d}
	}
	return nil
}

// joinable returns the function a call calls and the half it runs, when
// its caller joins it: a function of another package that runs one, one
// of this package's that forwards to one (the store's own halves are its
// package's claim, which the model reads from its statements), or an
// interface method whose implementations are one.
func (b *builder) joinable(call *ast.CallExpr) (*types.Func, *Half) {
	h, fn := b.halfAt(call)
	if h == nil {
		return nil, nil
	}
	if fn.Pkg() == b.pass.Pkg && !b.forwarded[fn] && !isInterfaceMethod(fn) {
		return nil, nil
	}
	return fn, h
}

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

func isError(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// usesAny reports whether the expressions name one of the variables.
func usesAny(info *types.Info, exprs []ast.Expr, vars map[types.Object]bool) bool {
	found := false
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && vars[info.Uses[id]] {
				found = true
			}
			return !found
		})
	}
	return found
}

// relaySplit reports whether a poll's half and a take's half, called in
// turn, are a relay's: the poll takes no lock, what it returned is used
// before the take (handed on: published, sent), and the take marks the
// row handed on. Rows listed and then cancelled one by one are no
// relay's: cancelling marks no hand-off.
func relaySplit(poll, take *Half, immediate bool) bool {
	return !poll.Locked && !immediate && take.Marks
}

// ownTxReceiver returns what a statement's transaction is begun on, when
// the statement's function begins it by handing a function to
// pgx.BeginFunc, GORM's Transaction or bun's RunInTx, which end it
// before they return, on a pool or a connection (on a transaction they
// would make a savepoint of the caller's): the statement's locks end
// before the function returns.
func (b *builder) ownTxReceiver(st *Statement) (Receiver, bool) {
	if st.Call.Receiver != RecvTx || st.Call.Decl == nil || st.Body != nil {
		return RecvUnknown, false
	}
	tx := b.effects.TxOf(b.effects.Call(st.Call.Expr))
	if tx == nil || tx.Begin == nil || tx.Func == tx.Begin.Parent() {
		return RecvUnknown, false // begun and ended in the same function: its Commit says where
	}
	if outer := b.effects.Func(st.Call.Decl); outer == nil || tx.Begin.Parent() != outer {
		return RecvUnknown, false
	}
	var begin *ast.CallExpr
	ast.Inspect(st.Call.Decl, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && c.Lparen == tx.Begin.Pos() {
			begin = c
		}
		return begin == nil
	})
	if begin == nil {
		return RecvUnknown, false
	}
	var on ast.Expr
	if sel, ok := ast.Unparen(begin.Fun).(*ast.SelectorExpr); ok {
		if _, method := b.pass.TypesInfo.Selections[sel]; method {
			on = sel.X
		} else if len(begin.Args) == 3 || len(begin.Args) == 4 {
			on = begin.Args[1] // pgx.BeginFunc(ctx, db, fn), pgx.BeginTxFunc(ctx, db, opts, fn)
		}
	}
	r := ValueReceiver(b.pass, on)
	return r, r.Autocommit()
}

// unknownParam is handleParam for a statement whose receiver is unknown,
// and 0 for any other: its receiver says what it runs on.
func (b *builder) unknownParam(st *Statement) int {
	if st.Call.Receiver != RecvUnknown {
		return 0
	}
	return b.handleParam(st)
}

// handleParam returns the position, plus one, among its function's
// parameters (the receiver not counted) of the parameter a statement runs
// on itself, or 0: a statement on a field of it, in a closure, or on
// anything else.
func (b *builder) handleParam(st *Statement) int {
	fn := b.effects.Func(st.Call.Decl)
	call := b.effects.Call(st.Call.Expr)
	if fn == nil || call == nil {
		return 0
	}
	i := effects.HandleOf(call).Param(fn)
	if fn.Signature.Recv() != nil {
		i--
	}
	if i < 0 {
		return 0
	}
	return i + 1
}

// argReceiver returns what a call gives a half at the parameter position
// i (see Half.Param): the argument's type's, the value it was made from,
// or, for an interface value (a Querier a pool wrapper returns), what the
// concrete types the code shows it may hold are.
func (b *builder) argReceiver(call *ast.CallExpr, i int) Receiver {
	if i >= len(call.Args) {
		return RecvUnknown
	}
	if r := ValueReceiver(b.pass, call.Args[i]); r != RecvUnknown {
		return r
	}
	c := b.effects.Call(call)
	if c == nil {
		return RecvUnknown
	}
	if !c.Common().IsInvoke() && c.Common().Signature().Recv() != nil {
		i++ // a static method call: its receiver is the first argument
	}
	return receiverOfKind(b.effects.ArgKind(c, i))
}
