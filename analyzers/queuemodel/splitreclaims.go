package queuemodel

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
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
	onTable := map[*types.Func]int{}
	for _, st := range qt.Statements {
		if st.Call.Decl != nil {
			if fn := b.funcOf(st.Call.Decl); fn != nil {
				onTable[fn]++
			}
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
			if src != nil && b.returns(ssaFn, src.Value()) {
				scans[fn] = &ScanHalf{Table: qt.Name, Locked: st.Lock != nil, Clock: stuckScan(st, col, claimed), Receiver: st.Call.Receiver,
					Stmt: b.model.Defer(b.pass, fn, -1, st, "")}
			}
		case (st.Role == RoleRetry || st.Role == RoleNone) && st.ScannedBy == nil:
			key := b.keyOf(st, col, runnable)
			if key == nil {
				continue
			}
			for i, p := range ssaFn.Params {
				if b.effects.Flows(p, key) {
					v, _ := st.Assigns(col)
					resets[fn] = &ResetHalf{Table: qt.Name, Param: i, State: v.Text, Rechecks: qt.Rechecks(st.Stmt),
						Counts: attempts.Spends(st.Stmt), Receiver: st.Call.Receiver, ClaimCounts: claimCounts, StateColumn: col,
						Stmt: b.model.Defer(b.pass, fn, -1, st, "")}
					break
				}
			}
		}
	}
	if len(scans) == 0 || len(resets) == 0 {
		return // a store with no scan of stuck jobs to join has no reclaim's halves: its resets are retries
	}
	h := &reclaimHalves{scans: map[string]*ScanHalf{}, resets: map[string]int{}}
	for fn, s := range scans {
		h.scans[fn.Name()] = s
	}
	for fn, r := range resets {
		arg := r.Param
		if fn.Type().(*types.Signature).Recv() != nil {
			arg-- // the receiver is parameter 0
		}
		h.resets[fn.Name()] = arg
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
// (see decided).
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
	for _, f := range b.pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			var scans []scanCall
			var resets []*ast.CallExpr
			ast.Inspect(decl.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn := b.calleeOf(call)
				if fn == nil || fn.Pkg() == nil || fn.Pkg() == b.pass.Pkg {
					return true
				}
				var s ScanHalf
				if b.pass.ImportObjectFact(fn.Origin(), &s) {
					if instr := b.effects.Call(call); instr != nil {
						scans = append(scans, scanCall{call, instr, fn, &s})
					}
				}
				var r ResetHalf
				if b.pass.ImportObjectFact(fn.Origin(), &r) {
					resets = append(resets, call)
				}
				return true
			})
			for _, call := range resets {
				fn := b.calleeOf(call)
				var r ResetHalf
				b.pass.ImportObjectFact(fn.Origin(), &r)
				instr := b.effects.Call(call)
				if instr == nil || instr.Common().IsInvoke() || r.Param >= len(instr.Common().Args) {
					continue
				}
				key := instr.Common().Args[r.Param]
				for _, s := range scans {
					if s.half.Table == r.Table && b.effects.Flows(s.call.Value(), key) && (s.half.Clock || b.decided(instr, s.call.Value())) {
						b.model.splitReclaims = append(b.model.splitReclaims, &SplitReclaim{
							Scan: s.half, Reset: &r, ScanSite: s.site, ResetSite: call,
							ScanFunc: s.fn, ResetFunc: fn, ScanCall: s.call, ResetCall: instr,
						})
						break
					}
				}
			}
		}
	}
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
