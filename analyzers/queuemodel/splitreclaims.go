package queuemodel

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
	"github.com/jobqlint/jobqlint/analyzers/internal/callerargs"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A two-statement reclaim is often split the way sqlc splits everything:
// the store's GetStuckJobs runs the SELECT and returns the key, its
// ResetStuckJob runs the UPDATE by the key it is given, and a rescuer in
// another package calls one, then the other with what the first returned.
// The store cannot tell that ResetStuckJob is a reclaim; its callers can.
// So the store exports each half as a fact, and the model of a package
// that hands what a scan returned to a reset joins them (SplitReclaims).

// ScanHalf is the fact that a function runs a SELECT that lists claimed
// jobs (see listsClaimed) and returns what it read, and runs nothing else
// on the table.
type ScanHalf struct {
	Table  string
	Locked bool // the SELECT locks the rows it reads (FOR UPDATE)
	// Clock says the SELECT itself finds the stuck jobs (see stuckScan);
	// otherwise a caller decides, and joins only a reset made under its
	// decision (see decided).
	Clock    bool
	Receiver Receiver // what the SELECT runs on in the function
	Stmt     Deferred // where the SELECT is written
}

func (*ScanHalf) AFact() {}

func (h *ScanHalf) String() string {
	return fmt.Sprintf("scans stuck %s on %s (locked %t, clock %t)", h.Table, h.Receiver, h.Locked, h.Clock)
}

// ResetHalf is the fact that a function runs an UPDATE by key that puts a
// job of the table back in a runnable state, with the key it is given,
// and runs nothing else on the table.
type ResetHalf struct {
	Table string
	// Param is the SSA parameter the key comes from (a method's receiver
	// is parameter 0).
	Param    int
	State    string   // the runnable state, as SQL
	Rechecks bool     // the UPDATE's WHERE filters on the state column
	Counts   bool     // the UPDATE spends an attempt
	Receiver Receiver // what the UPDATE runs on in the function
	// ClaimCounts says whether a claim of the table in the function's
	// package spends an attempt; StateColumn names the state column.
	ClaimCounts bool
	StateColumn string
	Stmt        Deferred // where the UPDATE is written
	// ByCaller says the UPDATE writes the state its callers give it
	// (SetStatus(ctx, id, status)), at StateAt (a parameter past the
	// receiver, or a field of one): the reset is one only at a call that
	// gives one of States, the runnable states its callers give.
	ByCaller bool
	StateAt  callerargs.Pos
	States   []string
}

func (*ResetHalf) AFact() {}

func (h *ResetHalf) String() string {
	return fmt.Sprintf("resets %s to %s by parameter %d on %s (rechecks %t)", h.Table, h.State, h.Param, h.Receiver, h.Rechecks)
}

// A SplitReclaim is a scan's half and a reset's half, functions of another
// package, that a function of this package calls, the reset with a key
// that flows from what the scan returned.
type SplitReclaim struct {
	Scan                *ScanHalf
	Reset               *ResetHalf
	ScanSite, ResetSite *ast.CallExpr
	ScanFunc, ResetFunc *types.Func
	ScanCall, ResetCall ssa.CallInstruction
}

// SplitReclaims returns the reclaims this package's code joins from halves
// of other packages, in source order.
func (m *Model) SplitReclaims() []*SplitReclaim { return m.splitReclaims }

// ResetsStuck reports whether a call is the reset of a reclaim this
// package joins (see SplitReclaims): it puts back a job a scan found
// stuck, not one whose handler failed.
func (m *Model) ResetsStuck(call *ast.CallExpr) bool {
	for _, r := range m.splitReclaims {
		if r.ResetSite == call {
			return true
		}
	}
	return false
}

// collectReclaimHalves exports the halves of reclaims among a queue
// table's statements that the package does not join itself: a scan whose
// rows its function returns, and a reset keyed by a parameter of its
// function.
func (b *builder) collectReclaimHalves(qt *QueueTable, runnable, claimed map[string]bool) {
	col := qt.StateColumn
	if col == "" || b.effects == nil {
		return
	}
	// The views of one site that binds the state its callers give (one
	// view per state) are one statement.
	onTable := map[*types.Func]int{}
	outside := map[*Call]bool{}
	for _, st := range qt.Statements {
		if st.Call.Decl == nil || st.BoundOutside && outside[st.Call] {
			continue
		}
		outside[st.Call] = st.BoundOutside
		if fn := b.funcOf(st.Call.Decl); fn != nil {
			onTable[fn]++
		}
	}
	claimCounts := false
	for _, st := range qt.Statements {
		if st.Role == RoleClaim && st.Kind == sqlcheck.KindUpdate && attempts.Spends(st.Stmt) {
			claimCounts = true
		}
		if n := st.NestedClaim(); n != nil && attempts.Spends(n) {
			claimCounts = true
		}
	}
	scans, resets := map[*types.Func]*ScanHalf{}, map[*types.Func]*ResetHalf{}
	for _, st := range qt.Statements {
		if !wholeFunc(st.Call) {
			continue
		}
		fn := b.funcOf(st.Call.Decl)
		ssaFn := b.effects.Func(st.Call.Decl)
		if fn == nil || ssaFn == nil || onTable[fn] != 1 || !fn.Exported() || !callableElsewhere(b.pass, fn) {
			continue
		}
		switch {
		case st.Role == RoleNone && listsClaimed(st, col, claimed):
			src := b.effects.Call(st.Call.Expr)
			if src != nil && slices.ContainsFunc(b.rowsOf(st, src), func(r ssa.Value) bool { return b.returns(ssaFn, r) }) {
				scans[fn] = &ScanHalf{Table: qt.Name, Locked: st.Lock != nil, Clock: stuckScan(st, col, claimed), Receiver: st.Call.Receiver,
					Stmt: b.model.Defer(b.pass, fn, -1, st, "")}
			}
		case (st.Role == RoleRetry || st.Role == RoleNone) && st.ScannedBy == nil:
			key := b.keyOf(st, col, runnable)
			if key == nil {
				continue
			}
			at, state, byCaller := st.ChosenByCallers(col)
			if prev := resets[fn]; prev != nil {
				// Another view of the same site: one more runnable state
				// its callers give.
				if prev.ByCaller && byCaller && prev.StateAt == at && !slices.Contains(prev.States, state) {
					prev.States = append(prev.States, state)
					slices.Sort(prev.States)
				}
				continue
			}
			for i, p := range ssaFn.Params {
				if b.effects.Flows(p, key) {
					v, _ := st.Assigns(col)
					r := &ResetHalf{Table: qt.Name, Param: i, State: v.Text, Rechecks: qt.Rechecks(st.Stmt),
						Counts: attempts.Spends(st.Stmt), Receiver: st.Call.Receiver, ClaimCounts: claimCounts, StateColumn: col,
						Stmt: b.model.Defer(b.pass, fn, -1, st, "")}
					if byCaller {
						r.ByCaller, r.StateAt, r.States = true, at, []string{state}
					}
					resets[fn] = r
					break
				}
			}
		}
	}
	if len(scans) == 0 || len(resets) == 0 {
		return // a store with no scan of stuck jobs to join has no reclaim's halves: its resets are retries
	}
	h := &reclaimHalves{scans: map[string]*ScanHalf{}, resets: map[string]namedReset{}}
	for fn, s := range scans {
		h.scans[fn.Name()] = s
	}
	for fn, r := range resets {
		arg := r.Param
		if fn.Type().(*types.Signature).Recv() != nil {
			arg-- // the receiver is parameter 0
		}
		h.resets[fn.Name()] = namedReset{arg: arg, arity: fn.Type().(*types.Signature).Params().Len(), half: r}
	}
	if b.model.reclaimHalves == nil {
		b.model.reclaimHalves = map[string]*reclaimHalves{}
	}
	b.model.reclaimHalves[qt.Name] = h
	for fn, h := range scans {
		b.pass.ExportObjectFact(fn, h)
	}
	for fn, h := range resets {
		b.pass.ExportObjectFact(fn, h)
	}
}

// returns reports whether a function returns something computed from v.
func (b *builder) returns(fn *ssa.Function, v ssa.Value) bool {
	for _, blk := range fn.Blocks {
		if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok {
			for _, r := range ret.Results {
				if !isError(r.Type()) && b.effects.Flows(v, r) {
					return true
				}
			}
		}
	}
	return false
}

// joinReclaims finds, in each function of the package, a call of a scan's
// half of another package and a call of a reset's half on the same table
// whose key flows from what the scan's call returned: when the scan finds
// no stuck jobs itself, a call made under a decision on what it returned
// (see decided). A call through one of the module's interfaces is a half
// when every implementation in sight is that half (see implHalves).
func (b *builder) joinReclaims() {
	if b.effects == nil || b.effects.Pkg() == nil {
		return
	}
	type scanCall struct {
		site *ast.CallExpr
		call ssa.CallInstruction
		fn   *types.Func
		half *ScanHalf
	}
	type resetCall struct {
		site *ast.CallExpr
		call ssa.CallInstruction
		fn   *types.Func
		half *ResetHalf
	}
	for _, f := range b.pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			var scans []scanCall
			var resets []resetCall
			ast.Inspect(decl.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn := b.calleeOf(call)
				if fn == nil || fn.Pkg() == nil || fn.Pkg() == b.pass.Pkg && !isInterfaceMethod(fn) {
					return true
				}
				// The call's SSA is looked up only for a half: the lookup
				// builds the function's SSA.
				var instr ssa.CallInstruction
				at := func() ssa.CallInstruction {
					if instr == nil {
						instr = b.effects.Call(call)
					}
					return instr
				}
				if target, s := implHalves[ScanHalf](b, fn, at); s != nil && at() != nil {
					scans = append(scans, scanCall{call, instr, target, s})
				}
				if target, r := implHalves[ResetHalf](b, fn, at); r != nil && at() != nil {
					resets = append(resets, resetCall{call, instr, target, r})
				}
				return true
			})
			for _, rc := range resets {
				r, instr := rc.half, rc.call
				i := r.Param
				if instr.Common().IsInvoke() {
					i-- // the receiver is the interface value, not an argument
				}
				if i < 0 || i >= len(instr.Common().Args) || !b.givesRunnable(instr, r) {
					continue
				}
				key := instr.Common().Args[i]
				for _, s := range scans {
					if s.half.Table == r.Table && b.effects.Flows(s.call.Value(), key) && (s.half.Clock || b.decided(instr, s.call.Value())) {
						b.model.splitReclaims = append(b.model.splitReclaims, &SplitReclaim{
							Scan: s.half, Reset: r, ScanSite: s.site, ResetSite: rc.site,
							ScanFunc: s.fn, ResetFunc: rc.fn, ScanCall: s.call, ResetCall: instr,
						})
						break
					}
				}
			}
		}
	}
}

// implHalves returns the half (a *ScanHalf or *ResetHalf fact) a call of
// fn runs, with the function that runs it. A call of a method of one of
// the module's interfaces runs the half of its implementations that the
// receiver may hold (every one in sight when the package does not show
// which), when each of them, declared in another package, is the same
// half but for where it is written: an implementation that is none (an
// in-memory store) or a different one makes the call none, as does an
// interface with no implementation in sight.
func implHalves[H ScanHalf | ResetHalf, P interface {
	*H
	analysis.Fact
}](b *builder, fn *types.Func, at func() ssa.CallInstruction) (*types.Func, *H) {
	if !isInterfaceMethod(fn) {
		h := P(new(H))
		if fn.Pkg() == b.pass.Pkg || !b.pass.ImportObjectFact(fn.Origin(), h) {
			return nil, nil
		}
		return fn, (*H)(h)
	}
	named, ok := types.Unalias(fn.Type().(*types.Signature).Recv().Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || b.model.loops == nil || b.model.loops.impls == nil {
		return nil, nil
	}
	key := Dispatch{Pkg: named.Obj().Pkg().Path(), Iface: named.Obj().Name(), Method: fn.Name()}
	impls := b.model.loops.impls.Methods
	i, found := slices.BinarySearchFunc(impls, key, func(im Impl, d Dispatch) int { return compareDispatch(im.key(), d) })
	if !found {
		return nil, nil // not one of the module's interfaces, or no implementation in sight
	}
	// The facts first: most interface methods are no half, and what the
	// receiver holds costs a walk over the package's SSA.
	type implHalf struct {
		im     Impl
		method *types.Func
		half   *H
	}
	var cands []implHalf
	some := false
	for ; i < len(impls) && impls[i].key() == key; i++ {
		im := impls[i]
		m := b.implMethod(im)
		h := P(new(H))
		if m == nil || m.Pkg() == b.pass.Pkg || !b.pass.ImportObjectFact(m.Origin(), h) {
			cands = append(cands, implHalf{im, m, nil})
			continue
		}
		cands = append(cands, implHalf{im, m, (*H)(h)})
		some = true
	}
	if !some {
		return nil, nil
	}
	call := at()
	if call == nil || !call.Common().IsInvoke() {
		return nil, nil
	}
	holds, narrowed := b.effects.ReceiverTypes(call)
	var target *types.Func
	var half *H
	for _, c := range cands {
		if narrowed && !slices.Contains(holds, c.im.TypePkg+"."+c.im.Type) {
			continue
		}
		if c.half == nil || half != nil && !sameHalfBut(half, c.half) {
			return nil, nil
		}
		if half == nil {
			target, half = c.method, c.half
		}
	}
	return target, half
}

// sameHalfBut reports whether two halves are the same but for where
// their statements are written.
func sameHalfBut[H ScanHalf | ResetHalf](a, b *H) bool {
	x, y := *a, *b
	switch x := any(&x).(type) {
	case *ScanHalf:
		x.Stmt = Deferred{}
		any(&y).(*ScanHalf).Stmt = Deferred{}
	case *ResetHalf:
		x.Stmt = Deferred{}
		any(&y).(*ResetHalf).Stmt = Deferred{}
	}
	return reflect.DeepEqual(x, y)
}

// ReclaimedByKey reports whether the model finds a reclaim of a table that
// puts jobs back by key (see pairScans): in the package, joined by this
// package from another's halves (see SplitReclaims), or joined from this
// package's halves in a file of the module outside it (see
// JoinedElsewhere). Its SELECT may decide nothing about the clock: the
// decision that a job is stuck is taken in Go (a heartbeat kept in Redis,
// a list of live workers).
func (m *Model) ReclaimedByKey(qt *QueueTable) bool {
	for _, st := range qt.Statements {
		if st.Role == RoleReclaim && st.ScannedBy != nil {
			return true
		}
	}
	for _, r := range m.splitReclaims {
		if r.Reset.Table == qt.Name {
			return true
		}
	}
	return m.JoinedElsewhere(qt)
}

// givesRunnable reports whether a call of a reset whose state its callers
// give (see ResetHalf.ByCaller) gives there only runnable states, as
// constants this package's code shows: a call that may also bury the job
// (st := failed; if attempts < max { st = queued }) decides in Go what a
// rule reading the reset's SQL would miss.
func (b *builder) givesRunnable(call ssa.CallInstruction, r *ResetHalf) bool {
	if !r.ByCaller {
		return true
	}
	i := r.StateAt.Index
	if call.Common().Signature().Recv() != nil && !call.Common().IsInvoke() {
		i++ // the receiver is argument 0
	}
	args := call.Common().Args
	if r.StateAt.Field != "" || i >= len(args) {
		return false
	}
	vs := b.effects.Strings(args[i])
	if !vs.Known() {
		return false
	}
	for _, v := range vs.Set {
		t, ok := v.Text()
		if !ok || !slices.Contains(r.States, t) {
			return false
		}
	}
	return true
}
