package maxattempts

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A relay's poll and mark are often a store's methods (GetUnsent,
// MarkSent) that a sender in another package calls, through the store's
// interface, in its loop over the rows. The store's package hands them on
// (RelaySteps); the sender's package judges each of its functions that
// calls a poll and a mark of the same table as it would its own.

// RelaySteps is the fact that a function runs a relay's poll or mark, on a
// table none of whose statements counts attempts and whose poll compares
// no attempt count: tables by qualified name, sorted.
type RelaySteps struct {
	Polls []string
	Marks []string
}

func (*RelaySteps) AFact() {}

func (r *RelaySteps) String() string {
	return "relay(polls " + strings.Join(r.Polls, ", ") + "; marks " + strings.Join(r.Marks, ", ") + ")"
}

// exportRelaySteps exports a RelaySteps fact for the functions (and the
// package's interface methods they implement) that run an uncounted
// relay's poll or mark, outside any closure, when no function of the
// package runs or calls both (the relay's loop is here, and judged here).
func exportRelaySteps(pass *analysis.Pass, m *queuemodel.Model, e *judge) {
	facts := map[*types.Func]*RelaySteps{}
	add := func(st *queuemodel.Statement, table string, poll bool) {
		if st.Call.Decl == nil || st.Call.Func != ast.Node(st.Call.Decl) {
			return
		}
		obj, ok := pass.TypesInfo.Defs[st.Call.Decl.Name].(*types.Func)
		if !ok {
			return
		}
		for _, fn := range append([]*types.Func{obj}, queuemodel.InterfaceMethods(pass, obj)...) {
			f := facts[fn]
			if f == nil {
				f = &RelaySteps{}
				facts[fn] = f
			}
			if poll {
				f.Polls = addSorted(f.Polls, table)
			} else {
				f.Marks = addSorted(f.Marks, table)
			}
		}
	}
	for _, qt := range m.QueueTables() {
		if !qt.Relay() || len(qt.AttemptColumns()) > 0 {
			continue
		}
		for _, poll := range qt.RelayPolls() {
			if countsAttempts(poll) || slices.ContainsFunc(qt.RelayMarks(poll), func(mark *queuemodel.Statement) bool { return loopedHere(e, poll, mark) }) {
				continue
			}
			add(poll, qt.Name, true)
			for _, mark := range qt.RelayMarks(poll) {
				add(mark, qt.Name, false)
			}
		}
	}
	for fn, f := range facts {
		pass.ExportObjectFact(fn, f)
	}
}

// loopedHere reports whether one function of the package runs (or calls
// the functions that run) both a poll and its mark.
func loopedHere(e *judge, poll, mark *queuemodel.Statement) bool {
	if poll.Call.Func == mark.Call.Func {
		return true
	}
	if poll.Call.Decl == nil || mark.Call.Decl == nil {
		return false
	}
	marks := e.CallersOf(e.Func(mark.Call.Decl))
	for _, pc := range e.CallersOf(e.Func(poll.Call.Decl)) {
		if slices.ContainsFunc(marks, func(mc ssa.CallInstruction) bool { return mc.Parent() == pc.Parent() }) {
			return true
		}
	}
	return false
}

func addSorted(list []string, s string) []string {
	if i, found := slices.BinarySearch(list, s); !found {
		list = slices.Insert(list, i, s)
	}
	return list
}

// relayStepCalls are a function's calls of other packages' relay steps.
type relayStepCalls struct {
	polls, marks map[string][]ssa.CallInstruction // by table
}

// judgeRelaySteps reports, in each function of the package that calls
// another package's relay poll and mark of one table, the first failure
// that leaves a row unmarked with nothing written (a decode, or a send
// whose error goes on to the next row).
func judgeRelaySteps(pass *analysis.Pass, m *queuemodel.Model, e *judge) {
	byFunc := map[*ssa.Function]*relayStepCalls{}
	var order []*ssa.Function
	for cur := range m.Inspector().Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := queuemodel.Callee(pass, call)
		if fn == nil || fn.Pkg() == pass.Pkg {
			continue
		}
		var f RelaySteps
		if !pass.ImportObjectFact(fn.Origin(), &f) || queuemodel.InTestFile(pass, call.Pos()) {
			continue
		}
		instr := e.Call(call)
		if instr == nil {
			continue // no SSA: not guessed
		}
		calls := byFunc[instr.Parent()]
		if calls == nil {
			calls = &relayStepCalls{polls: map[string][]ssa.CallInstruction{}, marks: map[string][]ssa.CallInstruction{}}
			byFunc[instr.Parent()] = calls
			order = append(order, instr.Parent())
		}
		for _, t := range f.Polls {
			calls.polls[t] = append(calls.polls[t], instr)
		}
		for _, t := range f.Marks {
			calls.marks[t] = append(calls.marks[t], instr)
		}
	}
	for _, fn := range order {
		calls := byFunc[fn]
		tables := make([]string, 0, len(calls.polls))
		for t := range calls.polls {
			tables = append(tables, t)
		}
		slices.Sort(tables)
		for _, t := range tables {
			if reportFirstSkip(pass, e, calls.polls[t], calls.marks[t]) {
				break
			}
		}
	}
}

// reportFirstSkip reports the first row failure that skips one of marks
// after one of polls, and whether it reported one.
func reportFirstSkip(pass *analysis.Pass, e *judge, polls, marks []ssa.CallInstruction) bool {
	for _, pc := range polls {
		for _, mc := range marks {
			if pc == mc {
				continue
			}
			msg, skips := relayRetryMsg, e.RowFailureSkips(pc, mc)
			if len(skips) == 0 {
				msg, skips = relaySendMsg, e.RowSendSkips(pc, mc)
			}
			if len(skips) == 0 {
				continue
			}
			slices.SortFunc(skips, func(a, b effects.Skip) int { return int(a.Work.Pos() - b.Work.Pos()) })
			pass.Report(analysis.Diagnostic{
				Pos:     callStart(pass, skips[0].Work.Pos()),
				Message: msg,
				Related: []analysis.RelatedInformation{
					{Pos: callStart(pass, pc.Pos()), Message: "the poll that takes the row again"},
					{Pos: callStart(pass, mc.Pos()), Message: "the mark the failure skips"},
				},
			})
			return true
		}
	}
	return false
}
