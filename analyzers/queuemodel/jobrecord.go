package queuemodel

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// PostgreSQL as the job record of a worker fed from elsewhere.
//
// The queue proper may be a Redis list, a NATS subject, a Go channel: the
// worker receives a job's id from it, and PostgreSQL holds the job's
// record, a row inserted in a waiting state, that the worker moves by key
// to a running state before the work and to an outcome after it. Every
// statement is by key, with the state bound from Go (SET status = $1 WHERE
// id = $2, called with model.StatusRunning), so no statement is a poll or
// a claim and the table is no queue table. The function that writes the
// state is usually a store's, in another package; the order of the writes
// and the work between them is in the worker's.
//
// So a store's function that does nothing but move one row by key to a
// state (the state a constant of its SQL, or a parameter or a field of
// one that its callers bind) is a record write, exported as a fact by
// package jobrecords (the queue model's own facts stay as they are); and a
// function of any package that calls a record write to a state that is
// neither one rows are created in nor an outcome, then runs work that may
// fail, then, on the same key, record writes to an outcome (a state whose
// name says the job ended), in a worker (a loop, a function called in a
// loop or started as a goroutine, a callback handed to a consumer), makes
// the table a job record (JobRecord). An HTTP handler that moves an order
// by id is no worker. A table the package already models as a queue keeps
// its queue.

// RecordWrite is the fact that a function moves one row of a table, by
// key, to a state of a column: the only SQL it runs.
type RecordWrite struct {
	Table, Column string
	// State is the state when the SQL names it; otherwise the caller's
	// argument StateAt (from 0, past a receiver), or its field
	// StateField, gives it.
	State      string
	StateAt    int
	StateField string
	// KeyAt and KeyField say which argument (or field of it) binds the
	// row's key.
	KeyAt    int
	KeyField string
	// Initial are the states the package knows rows of the table are
	// created in (its INSERTs, the column's DEFAULT), sorted.
	Initial []string
	// Given are the constants the module's callers, in any package, give
	// the state (see callerStates), sorted.
	Given []string
	// Queue says the package of the write models the table as a queue
	// whose jobs a claim takes (its own, or a dependency's): the lease
	// rule judges that claim, and the table is no job record.
	Queue bool
	// Own are the statements of the write's package on the table, as
	// the module's files hold them (file and SQL text: see OwnKey), and
	// Held the states their filters on Column pick rows in, with the
	// constants the package binds to their parameters (status = $1 bound
	// to StatusPending holds pending only). HeldAny says one of them may
	// pick rows in any state: a parameter bound to no constant, a
	// negation, or an UPDATE or DELETE that compares a time with the
	// clock. Read from the files, with no Go value in sight, each would
	// admit any state.
	Own     []string
	Held    []string
	HeldAny bool
}

// OwnKey is how RecordWrite.Own names a statement of the module's files:
// its file's absolute path and its SQL text, trimmed.
func OwnKey(path, sql string) string { return path + "\x00" + strings.TrimSpace(sql) }

func (*RecordWrite) AFact() {}

func (w *RecordWrite) String() string {
	state := w.State
	if state == "" {
		state = fmt.Sprintf("arg %d%s", w.StateAt, dotted(w.StateField))
	}
	return fmt.Sprintf("record write %s.%s = %s by arg %d%s", w.Table, w.Column, state, w.KeyAt, dotted(w.KeyField))
}

func dotted(field string) string {
	if field == "" {
		return ""
	}
	return "." + field
}

// A JobRecord is a table whose rows a worker of the package moves by key
// to a running state before the job's work and to an outcome after it.
type JobRecord struct {
	Table, Column string
	Take          RecordSite   // the write to the running state
	Ends          []RecordSite // the writes to an outcome after the work
	Work          ast.Node     // the call that runs the work
	Initial       []string
	// ResetInGo says code in Go may put a job back in a state rows are
	// created in: a call of a record write of the table with that state
	// that is no retry after the work of a worker of this package, or, by
	// what the module's callers give a record write, one in another
	// package.
	ResetInGo bool
	// Acked says the worker acknowledges the message that fed it the job
	// (msg.Ack(), XAck, CommitMessages, SQS's DeleteMessage): a broker that sees no
	// acknowledgement delivers the job again, and the worker that runs it
	// moves the record on.
	Acked bool
	// Queued says the worker runs the job once a claim of the module's
	// own queue has handed it over (in the worker's function, or in a
	// function of the package that calls it): the record keeps a step's
	// progress beside that queue's job, which the queue's lease brings
	// back (and the lease rule judges at its claim), and the worker that
	// runs it again moves the record on.
	Queued bool
	// Store is the record write of the running write (see RecordWrite:
	// what its package's own statements on the table pick).
	Store *RecordWrite
	// Via, when the record is held by a worker of this package that
	// calls another package's RecordRunner, is that function: Take.Call
	// calls it, and its writes and work are in its body.
	Via *types.Func
}

// RecordRunner is the fact that a function runs a job between
// record writes (see JobRecord) when its callers run it as a worker does:
// nothing in its package does, and its callers, in other packages, say
// whether they run it job after job (a loop, a goroutine). Such a caller
// holds the job record, its take the call.
type RecordRunner struct {
	Table, Column, State string
	Initial              []string
	Acked, Queued        bool // see JobRecord
	Store                *RecordWrite
}

func (*RecordRunner) AFact() {}

func (r *RecordRunner) String() string {
	return fmt.Sprintf("record runner %s.%s = %s", r.Table, r.Column, r.State)
}

// RecordRunners returns the package's functions that run a job between
// record writes with no worker of the package calling them.
func (m *Model) RecordRunners() map[*types.Func]*RecordRunner { return m.runners }

// A RecordSite is a call of a record write and the state it writes.
type RecordSite struct {
	Call  *ast.CallExpr
	Func  *types.Func // the record write called
	State string      // its state; states joined by " or " when it binds one of several
	// Succeeds and Fails say whether it may record a success, a failure.
	Succeeds, Fails bool
}

// JobRecords returns the job records of the package's workers, in source
// order, once package jobrecords found them (see FindJobRecords).
func (m *Model) JobRecords() []*JobRecord { return m.records }

// RecordWrites returns the package's record writes.
func (m *Model) RecordWrites() map[*types.Func]*RecordWrite { return m.recordWrites }

// FindJobRecords finds the job records of the package's workers and keeps
// them in the model, given the pass of the analyzer that holds the
// RecordWrite facts (package jobrecords) and how to read one: the model's
// own facts stay as they were, and the facts are that analyzer's.
func (m *Model) FindJobRecords(pass *analysis.Pass, imported func(*types.Func) *RecordWrite, runner func(*types.Func) *RecordRunner, eachJob func(*types.Func) bool) []*JobRecord {
	if m.dependency || m.effects == nil {
		return nil
	}
	b := &builder{pass: pass, model: m, effects: m.effects, importRecord: imported, eachJob: eachJob}
	b.findJobRecords()
	b.runnerRecords(runner)
	return m.records
}

// runnerRecords adds the job records of the package's workers that call
// another package's RecordRunner, job after job.
func (b *builder) runnerRecords(runner func(*types.Func) *RecordRunner) {
	if runner == nil || b.effects.Pkg() == nil {
		return
	}
	for cur := range b.model.inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn, _ := typeutil.Callee(b.pass.TypesInfo, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg() == b.pass.Pkg || !effects.InModule(b.pass, fn.Pkg()) {
			continue
		}
		rr := runner(fn.Origin())
		if rr == nil {
			continue
		}
		instr := b.effects.Call(call)
		if instr == nil || httpHandler(instr.Parent()) || !b.worker(instr) {
			continue
		}
		b.model.records = append(b.model.records, &JobRecord{
			Table: rr.Table, Column: rr.Column, Initial: rr.Initial, Store: rr.Store, Via: fn.Origin(),
			Take:   RecordSite{Call: call, Func: fn.Origin(), State: rr.State},
			Acked:  rr.Acked || acknowledges(instr.Parent()),
			Queued: rr.Queued || b.model.Tables[rr.Table] == nil && b.claimedBefore(instr, 2),
		})
	}
}

// RecordEnd returns, for a call that records a job record's outcome
// after the work, its site.
func (m *Model) RecordEnd(call *ast.CallExpr) (RecordSite, bool) {
	for _, r := range m.records {
		for _, e := range r.Ends {
			if e.Call == call {
				return e, true
			}
		}
	}
	return RecordSite{}, false
}

// States returns the states of a job record: created, running, ended.
func (r *JobRecord) States() []string {
	out := slices.Clone(r.Initial)
	out = append(out, r.Take.State)
	for _, e := range r.Ends {
		if !slices.Contains(out, e.State) {
			out = append(out, e.State)
		}
	}
	return out
}

// findRecordWrites finds the package's record writes (package jobrecords
// exports them as facts).
func (b *builder) findRecordWrites() {
	perDecl := map[*ast.FuncDecl][]*Call{}
	for _, c := range b.model.Calls {
		if c.Decl != nil {
			perDecl[c.Decl] = append(perDecl[c.Decl], c)
		}
	}
	b.model.recordWrites = map[*types.Func]*RecordWrite{}
	var states *stateColumns
	for decl, calls := range perDecl {
		if len(calls) != 1 || calls[0].Func != decl {
			continue
		}
		fn := b.funcOf(decl)
		if fn == nil {
			continue
		}
		if states == nil {
			states = b.findStateColumns()
		}
		if w := b.recordWrite(calls[0], states); w != nil {
			b.model.recordWrites[fn] = w
		}
	}
	held := map[[2]string]*RecordWrite{}
	for _, w := range b.model.recordWrites {
		k := [2]string{w.Table, w.Column}
		if held[k] == nil {
			held[k] = &RecordWrite{}
			held[k].Own, held[k].Held, held[k].HeldAny = b.heldStates(w.Table, w.Column)
		}
		w.Own, w.Held, w.HeldAny = held[k].Own, held[k].Held, held[k].HeldAny
	}
}

// heldStates returns what the package's statements on a table say of the
// rows they pick by a state column (see RecordWrite.Own, Held, HeldAny).
func (b *builder) heldStates(table, col string) (own, held []string, anyState bool) {
	states := map[string]bool{}
	for _, c := range b.model.Calls {
		if !c.Known || len(c.Stmts) == 0 {
			continue
		}
		on := false
		for _, st := range c.Stmts {
			st.Stmt.Walk(func(s *sqlcheck.Stmt) {
				if s.Table != table {
					return
				}
				on = true
				if sqlcheck.Reports(s) {
					return // a count picks no row to take back
				}
				for _, p := range sqlcheck.StateFilters(s) {
					if p.Column != col {
						continue
					}
					if p.Op != sqlcheck.OpEq && p.Op != sqlcheck.OpIn {
						anyState = true
						continue
					}
					for _, v := range p.Values {
						if v.Kind == sqlcheck.ValueConst {
							states[v.Str] = true
						} else {
							anyState = true
						}
					}
				}
				if (s.Kind == sqlcheck.KindUpdate || s.Kind == sqlcheck.KindDelete) && clockCompared(s) {
					anyState = true // a sweep by age
				}
			})
		}
		if !on {
			continue
		}
		path := b.pass.Fset.Position(c.Pos()).Filename
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
		for _, sql := range append([]string{c.SQL}, c.variants...) {
			own = append(own, OwnKey(path, sql))
		}
	}
	slices.Sort(own)
	return slices.Compact(own), sortedSet(states), anyState
}

// clockCompared reports whether a statement's WHERE compares something
// with the clock.
func clockCompared(s *sqlcheck.Stmt) bool {
	for _, p := range s.Where {
		for _, v := range p.Values {
			if v.Kind == sqlcheck.ValueNow {
				return true
			}
		}
		if clockExpr.MatchString(p.Text) && strings.ContainsAny(p.Text, "<>") {
			return true
		}
	}
	return false
}

// recordWrite returns what a call does when it moves one row by key to a
// state, or nil.
func (b *builder) recordWrite(c *Call, states *stateColumns) *RecordWrite {
	if !c.Known || c.instr == nil || len(c.Stmts) == 0 {
		return nil
	}
	s := c.Stmts[0].origin
	if s == nil {
		s = c.Stmts[0].Stmt
	}
	for _, st := range c.Stmts {
		if st.origin != s && st.Stmt != s {
			return nil // several statements
		}
	}
	if s.Kind != sqlcheck.KindUpdate || !b.namesRows(s) {
		return nil
	}
	key := keyParam(s)
	if key < 1 {
		return nil
	}
	keyAt, keyField, ok := callerArg(effects.Unconverted(effects.Arg(c.instr, c.argBase+key-1)))
	if !ok {
		return nil
	}
	for _, a := range s.Set {
		w := &RecordWrite{Table: s.Table, Column: a.Column, KeyAt: keyAt, KeyField: keyField}
		switch a.Value.Kind {
		case sqlcheck.ValueConst:
			if a.Value.Str == "" || !states.cols[s.Table][a.Column] {
				continue
			}
			w.State = a.Value.Str
		case sqlcheck.ValueParam:
			v := effects.Unconverted(effects.Arg(c.instr, c.argBase+a.Value.Param-1))
			if v == nil || !isStringType(v.Type()) || !states.stateLike(b, s.Table, a.Column, v.Type()) {
				continue
			}
			if w.StateAt, w.StateField, ok = callerArg(v); !ok {
				continue
			}
			given := map[string]bool{}
			for _, view := range c.outside {
				if st, ok := view[a.Value.Param]; ok {
					given[st] = true
				}
			}
			w.Given = sortedSet(given)
		default:
			continue
		}
		w.Initial = sortedSet(b.recordInitial(s.Table, a.Column))
		if qt := b.model.Tables[s.Table]; qt != nil && (qt.Inherited || hasClaim(qt)) {
			w.Queue = true
		}
		return w
	}
	return nil
}

// callerArg returns which argument of its function (from 0, past a
// receiver), or field of one, a value is.
func callerArg(v ssa.Value) (int, string, bool) {
	p, field := paramField(v)
	if p == nil || p.Parent() == nil || p.Parent().Parent() != nil {
		return 0, "", false
	}
	fn := p.Parent()
	i := slices.Index(fn.Params, p)
	if fn.Signature.Recv() != nil {
		i--
	}
	return i, field, i >= 0
}

// recordWriteOf returns the record write a call calls, of this package or
// (by its fact) of another package of the module.
func (b *builder) recordWriteOf(call *ast.CallExpr) (*types.Func, *RecordWrite) {
	fn, _ := typeutil.Callee(b.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return nil, nil
	}
	fn = fn.Origin()
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		w, _ := b.implementedRecord(fn, recv.Type())
		return fn, w
	}
	if fn.Pkg() == b.pass.Pkg {
		return fn, b.model.recordWrites[fn]
	}
	if !effects.InModule(b.pass, fn.Pkg()) {
		return nil, nil
	}
	if w := b.importRecord(fn); w != nil {
		return fn, w
	}
	return nil, nil
}

// implementedRecord returns the record write that the implementations
// of an interface method the package knows of all are (a repository
// interface and its PostgreSQL implementation); nil when one of them is
// none or they differ, or none is known.
//
// It also returns the implementations' package (the store's).
func (b *builder) implementedRecord(method *types.Func, iface types.Type) (*RecordWrite, string) {
	named, ok := types.Unalias(iface).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || b.model.loops == nil || b.model.loops.impls == nil {
		return nil, ""
	}
	var found *RecordWrite
	pkg := ""
	// The implementations are sorted by the method they implement.
	key := Dispatch{Pkg: named.Obj().Pkg().Path(), Iface: named.Obj().Name(), Method: method.Name()}
	impls := b.model.loops.impls.Methods
	i, _ := slices.BinarySearchFunc(impls, key, func(im Impl, d Dispatch) int { return compareDispatch(im.key(), d) })
	j := i
	for j < len(impls) && impls[j].key() == key {
		j++
	}
	for _, im := range onDatabase(impls[i:j]) {
		w := b.implRecord(im)
		if w == nil || found != nil && (!reflect.DeepEqual(found, w) || pkg != im.TypePkg) {
			return nil, ""
		}
		found, pkg = w, im.TypePkg
	}
	return found, pkg
}

// onDatabase returns the implementations the program runs against
// PostgreSQL, setting aside an in-memory store (the one tests and local
// runs use: it keeps no record) and a test double when another one is
// left; ims when none is.
func onDatabase(ims []Impl) []Impl {
	out := slices.DeleteFunc(slices.Clone(programImpls(ims)), func(im Impl) bool { return im.InMemory })
	if len(out) == 0 {
		return ims
	}
	return out
}

// implRecord returns the record write an implementation's method is: the
// package's own, or by its fact, found among the packages the package
// imports, directly or not.
func (b *builder) implRecord(im Impl) *RecordWrite {
	fn := b.implMethod(im)
	if fn == nil {
		return nil
	}
	if fn.Pkg() == b.pass.Pkg {
		return b.model.recordWrites[fn]
	}
	return b.importRecord(fn)
}

// implMethod returns an implementation's method, found in the package or
// among the packages it imports, directly or not; nil when out of sight.
func (b *builder) implMethod(im Impl) *types.Func {
	p := b.pass.Pkg
	if im.TypePkg != p.Path() {
		if b.imported == nil {
			b.imported = importedPackages(p)
		}
		p = b.imported[im.TypePkg]
	}
	if p == nil {
		return nil
	}
	tn, ok := p.Scope().Lookup(im.Type).(*types.TypeName)
	if !ok {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, p, im.Method)
	fn, _ := obj.(*types.Func)
	return fn
}

// importedPackages returns the packages p imports, directly or not, by
// path.
func importedPackages(p *types.Package) map[string]*types.Package {
	out := map[string]*types.Package{}
	stack := slices.Clone(p.Imports())
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if out[q.Path()] != nil {
			continue
		}
		out[q.Path()] = q
		stack = append(stack, q.Imports()...)
	}
	return out
}

// storePkg returns the path of the package whose code a record write
// runs: the function's, or for an interface method its implementations'.
func (b *builder) storePkg(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		_, pkg := b.implementedRecord(fn, recv.Type())
		return pkg
	}
	return fn.Pkg().Path()
}

// A recordCall is a call of a record write, read at its call site.
type recordCall struct {
	site  RecordSite
	w     *RecordWrite
	instr ssa.CallInstruction
	key   ssa.Value // the key's argument, or the value whose field it is
	field string
	// states are the states the call may write: one for a constant,
	// several when it binds a variable set to one of several.
	states []string
}

// findJobRecords finds the package's functions that run a job between
// record writes (see JobRecord).
func (b *builder) findJobRecords() {
	type candidate struct {
		call *ast.CallExpr
		fn   *types.Func
		w    *RecordWrite
	}
	var cands []candidate
	for cur := range b.model.inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if fn, w := b.recordWriteOf(call); w != nil && b.recordTable(w) && !b.splitTake(call) {
			cands = append(cands, candidate{call, fn, w})
		}
	}
	if len(cands) < 2 || b.effects.Pkg() == nil {
		return // no SSA is built for a package that calls no two record writes
	}
	byFunc := map[*ssa.Function][]*recordCall{}
	var order []*ssa.Function
	for _, cand := range cands {
		call, fn, w := cand.call, cand.fn, cand.w
		instr := b.effects.Call(call)
		if instr == nil {
			continue
		}
		states := []string{w.State}
		if w.State == "" {
			states = stateAt(instr, w)
		}
		if len(states) == 0 {
			continue
		}
		key, field := recordKey(instr, w)
		if key == nil {
			continue
		}
		rc := &recordCall{site: RecordSite{Call: call, Func: fn, State: strings.Join(states, " or ")}, states: states, w: w, instr: instr, key: key, field: field}
		parent := instr.Parent()
		if byFunc[parent] == nil {
			order = append(order, parent)
		}
		byFunc[parent] = append(byFunc[parent], rc)
	}
	defer b.markResets(byFunc)
	for _, fn := range order {
		calls := byFunc[fn]
		if len(calls) < 2 || httpHandler(fn) {
			continue
		}
		for _, take := range calls {
			if !b.worker(take.instr) {
				b.runsForCallers(fn, take, calls)
				continue
			}
			if r := b.jobRecord(take, calls); r != nil {
				b.model.records = append(b.model.records, r)
				break
			}
		}
	}
}

// runsForCallers records, for a function that runs no record as its
// package calls it, the job record it runs, as a RecordRunner for its
// callers in other packages to judge (see runnerRecords).
func (b *builder) runsForCallers(fn *ssa.Function, take *recordCall, calls []*recordCall) {
	obj, ok := fn.Object().(*types.Func)
	if !ok || b.model.runners[obj] != nil {
		return
	}
	r := b.jobRecord(take, calls)
	if r == nil {
		return
	}
	if b.model.runners == nil {
		b.model.runners = map[*types.Func]*RecordRunner{}
	}
	b.model.runners[obj] = &RecordRunner{Table: r.Table, Column: r.Column, State: r.Take.State, Initial: r.Initial, Acked: r.Acked, Queued: r.Queued, Store: r.Store}
}

// recordTable reports whether a record write's table may be a job record
// here: no queue of the package's model, or one that no claim takes jobs
// from, in this package or in the write's (a store that lists pending
// rows, and leaves taking them to its callers' record writes).
func (b *builder) recordTable(w *RecordWrite) bool {
	qt := b.model.Tables[w.Table]
	return qt == nil || !w.Queue && !hasClaim(qt)
}

// splitTake reports whether a call is the take of a claim the package
// joins from a store's halves (see SplitClaim): the lease rule judges
// that claim.
func (b *builder) splitTake(call *ast.CallExpr) bool {
	return slices.ContainsFunc(b.model.splits, func(sc *SplitClaim) bool { return sc.TakeSite == call })
}

// jobRecord returns the job record a write to a running state starts,
// with the writes to an outcome that follow the work on the same key.
func (b *builder) jobRecord(take *recordCall, calls []*recordCall) *JobRecord {
	w := take.w
	if len(take.states) != 1 || slices.Contains(w.Initial, take.site.State) || !notRecordOutcome(take.site.State) || len(w.Initial) == 0 {
		return nil
	}
	r := &JobRecord{Table: w.Table, Column: w.Column, Take: take.site, Initial: w.Initial, Store: w}
	for _, end := range calls {
		if end == take || end.w.Table != w.Table || end.w.Column != w.Column || slices.ContainsFunc(end.states, notRecordOutcome) {
			continue
		}
		if !effects.Before(take.instr, end.instr) || !sameKey(take, end) {
			continue
		}
		work := b.workBetween(take, end)
		if work == nil {
			continue
		}
		if r.Work == nil {
			r.Work = b.callExprAt(work)
		}
		site := end.site
		site.Succeeds = slices.ContainsFunc(end.states, recordSuccess)
		site.Fails = slices.ContainsFunc(end.states, failureWords.MatchString)
		r.Ends = append(r.Ends, site)
	}
	if len(r.Ends) == 0 {
		return nil
	}
	r.Acked = acknowledges(take.instr.Parent())
	// On a table the model reads as a queue no claim takes from (see
	// recordTable), what runs before the take is that table's poll,
	// which hands over a job the record's take then holds.
	r.Queued = b.model.Tables[w.Table] == nil && b.claimedBefore(take.instr, 2)
	return r
}

// claimedBefore reports whether a call that claims jobs (see Jobs.Claims)
// runs before instr in its function, or before a call of that function in
// a function of the package that calls it (depth levels up).
func (b *builder) claimedBefore(instr ssa.Instruction, depth int) bool {
	fn := instr.Parent()
	for _, blk := range fn.Blocks {
		for _, in := range blk.Instrs {
			c, ok := in.(ssa.CallInstruction)
			if !ok || !effects.Before(c, instr) {
				continue
			}
			if call, ok := b.callAt(c.Common().Pos()).(*ast.CallExpr); ok {
				if j := b.model.JobsOf(call); j != nil && j.Claims {
					return true
				}
			}
		}
	}
	if depth == 0 {
		return false
	}
	for _, c := range append(slices.Clone(b.effects.CallersOf(fn)), b.effects.MayCall(fn)...) {
		if b.claimedBefore(c, depth-1) {
			return true
		}
	}
	return false
}

// ackNames are the methods brokers' clients acknowledge a message with.
var ackNames = regexp.MustCompile(`^(Ack|AckSync|DoubleAck|Nack|Nak|XAck|CommitMessages|CommitMessage|CommitOffsets|MarkMessage|Acknowledge|DeleteMessage)$`)

// acknowledges reports whether a function, or a closure in it, calls a
// method that acknowledges a broker's message.
func acknowledges(fn *ssa.Function) bool {
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			common := c.Common()
			name := ""
			if common.IsInvoke() {
				name = common.Method.Name()
			} else if callee := common.StaticCallee(); callee != nil && callee.Signature.Recv() != nil {
				name = callee.Name()
			}
			if ackNames.MatchString(name) {
				return true
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if acknowledges(anon) {
			return true
		}
	}
	return false
}

// markResets sets ResetInGo on the package's job records (see
// JobRecord.ResetInGo).
func (b *builder) markResets(byFunc map[*ssa.Function][]*recordCall) {
	for _, r := range b.model.records {
		local := false // a call of this package gives an initial state
		for _, calls := range byFunc {
			for _, c := range calls {
				if c.w.Table != r.Table || c.w.Column != r.Column || !slices.ContainsFunc(c.states, func(s string) bool { return slices.Contains(r.Initial, s) }) {
					continue
				}
				local = true
				if !retryAfterWork(c, calls) && !b.retryInHelper(c, byFunc) {
					r.ResetInGo = true
				}
			}
		}
		for _, c := range byFunc {
			for _, rc := range c {
				if rc.w.Table == r.Table && !local && slices.ContainsFunc(rc.w.Given, func(s string) bool { return slices.Contains(r.Initial, s) }) {
					r.ResetInGo = true // given by a caller in another package
				}
			}
		}
	}
}

// retryAfterWork reports whether a record write puts a job back after a
// take of the same function, on the same key, and work between: a
// worker's retry, not a reset of another worker's job.
func retryAfterWork(c *recordCall, calls []*recordCall) bool {
	for _, take := range calls {
		if take != c && len(take.states) == 1 && notRecordOutcome(take.site.State) && !slices.Contains(take.w.Initial, take.site.State) &&
			effects.Before(take.instr, c.instr) && sameKey(take, c) {
			return true
		}
	}
	return false
}

// retryInHelper reports whether a record write that puts a job back sits
// in a helper of the package (handleFailure(ctx, job, err)) every call of
// which, in the package, is a retry after a worker's take: it comes after
// a take of the calling function and passes the take's key as the
// parameter the write's key is, or it sits in another such helper and
// passes it that helper's own parameter. A helper also used as a value,
// or called from nowhere in the package, may reset any job.
func (b *builder) retryInHelper(c *recordCall, byFunc map[*ssa.Function][]*recordCall) bool {
	p, ok := c.key.(*ssa.Parameter)
	return ok && b.calledAfterTake(p, c.field, byFunc, workerHops)
}

// calledAfterTake reports whether every call of p's function in the
// package passes, as p, the key of a take that runs before the call, or,
// hops helpers up, a parameter of a function for which that holds.
func (b *builder) calledAfterTake(p *ssa.Parameter, field string, byFunc map[*ssa.Function][]*recordCall, hops int) bool {
	fn := p.Parent()
	i := slices.Index(fn.Params, p)
	callers := b.effects.CallersOf(fn)
	if fn.Parent() != nil || i < 0 || len(callers) == 0 || len(b.funcValues(fn)) > 0 {
		return false
	}
	for _, call := range callers {
		args := call.Common().Args // the receiver first, as in fn.Params
		if i >= len(args) {
			return false
		}
		arg := effects.Unconverted(args[i])
		taken := slices.ContainsFunc(byFunc[call.Parent()], func(take *recordCall) bool {
			return len(take.states) == 1 && notRecordOutcome(take.site.State) && !slices.Contains(take.w.Initial, take.site.State) &&
				take.field == field && effects.SameValue(take.key, arg) && effects.Before(take.instr, call)
		})
		if taken {
			continue
		}
		up, ok := arg.(*ssa.Parameter)
		if !ok || hops == 0 || up.Parent() == fn || !b.calledAfterTake(up, field, byFunc, hops-1) {
			return false
		}
	}
	return true
}

// callExprAt returns the call expression of an SSA call, or nil.
func (b *builder) callExprAt(c ssa.CallInstruction) ast.Node {
	pos := c.Common().Pos()
	for cur := range b.model.inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		if call := cur.Node().(*ast.CallExpr); call.Lparen == pos {
			return call
		}
	}
	return nil
}

// recordKey returns the value a call of a record write binds the row's
// key from, and the field of it, read alike whether the call passes the
// key (UpdateStatus(ctx, t.ID, ...): field ID of t) or the struct that
// holds it (UpdateAfterProcessing(ctx, t): the same). A field the
// function stored one value in before the call is that value
// (Params{ID: id}: the key is id).
func recordKey(instr ssa.CallInstruction, w *RecordWrite) (ssa.Value, string) {
	key := effects.Unconverted(effects.Arg(instr, w.KeyAt))
	if key == nil {
		return nil, ""
	}
	field := w.KeyField
	if field == "" {
		switch x := key.(type) {
		case *ssa.UnOp:
			if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
				key, field = fa.X, structField(fa.X.Type(), fa.Field)
			}
		case *ssa.Field:
			key, field = x.X, structField(x.X.Type(), x.Field)
		}
	}
	if field == "" {
		return key, ""
	}
	if vs, ok := fieldValuesBefore(key, field, instr); ok && len(vs) == 1 {
		return effects.Unconverted(vs[0]), "" // Params{ID: id}: the key is id
	}
	if load, ok := key.(*ssa.UnOp); ok && load.Op == token.MUL {
		key = load.X // a struct passed by value: the variable it is loaded from
	}
	return key, field
}

// sameKey reports whether two record writes bind the same key: the same
// value, or the same field of the same value.
func sameKey(a, b *recordCall) bool {
	if a.field != b.field {
		return false
	}
	return effects.SameValue(a.key, b.key)
}

// workBetween returns a call, after take and before end on every path,
// that may run the job: it may fail (it returns an error), and it is
// neither a database library's, the standard library's (but for I/O:
// see quietStdlib), nor a function of the package of the record write
// (the store).
func (b *builder) workBetween(take, end *recordCall) ssa.CallInstruction {
	store := b.storePkg(take.site.Func)
	for _, blk := range take.instr.Parent().Blocks {
		for _, instr := range blk.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || c == take.instr || c == end.instr || !returnsError(c) || !effects.Before(take.instr, c) || !effects.Before(c, end.instr) {
				continue
			}
			if pkg := calleePkg(c); pkg != nil && (pkg.Path() == store || b.quietStdlib(pkg) || effects.DatabaseLibrary(pkg.Path())) {
				continue
			}
			if callee := c.Common().StaticCallee(); callee != nil {
				if fn, ok := callee.Object().(*types.Func); ok && b.model.recordWrites[fn] != nil {
					continue
				}
			}
			return c
		}
	}
	return nil
}

func returnsError(c ssa.CallInstruction) bool {
	res := c.Common().Signature().Results()
	if res.Len() == 0 {
		return false
	}
	t := res.At(res.Len() - 1).Type()
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// calleePkg returns the package of the function or method a call calls,
// nil for a call of a function value.
func calleePkg(c ssa.CallInstruction) *types.Package {
	common := c.Common()
	if common.IsInvoke() {
		return common.Method.Pkg()
	}
	if callee := common.StaticCallee(); callee != nil {
		if fn, ok := callee.Object().(*types.Func); ok {
			return fn.Pkg()
		}
		if callee.Pkg != nil {
			return callee.Pkg.Pkg
		}
	}
	return nil
}

// quietStdlib reports whether a package is the standard library's and
// does no job's work: decoding, formatting, logging. An HTTP request, a
// mail sent, a command run are work.
func (b *builder) quietStdlib(p *types.Package) bool {
	first, _, _ := strings.Cut(p.Path(), "/")
	if strings.Contains(first, ".") || effects.InModule(b.pass, p) {
		return false
	}
	switch p.Path() {
	case "net/http", "net/smtp", "net", "os/exec":
		return false
	}
	return true
}

// sentWords match the names of the states a job whose work hands
// something on ends in: an email delivered, a webhook sent.
var sentWords = regexp.MustCompile(`(?i)^(sent|delivered|published|processed|notified)$`)

func recordSuccess(state string) bool {
	return successWords.MatchString(state) || sentWords.MatchString(state)
}

// notRecordOutcome reports whether a state's name does not say a job
// ended.
func notRecordOutcome(state string) bool { return !outcomeWord(state) && !sentWords.MatchString(state) }

// stateAt returns the states a call of a record write may bind, when each
// is a constant: the argument itself (or a variable set to one of
// several), or the constants last stored into its field on the way to the
// call. Nil when one is not a constant.
func stateAt(instr ssa.CallInstruction, w *RecordWrite) []string {
	arg := effects.Unconverted(effects.Arg(instr, w.StateAt))
	if arg == nil {
		return nil
	}
	vals := []ssa.Value{arg}
	if w.StateField != "" {
		var ok bool
		if vals, ok = fieldValuesBefore(arg, w.StateField, instr); !ok {
			return nil
		}
	}
	var out []string
	for _, v := range vals {
		consts := constStrings(effects.Unconverted(v), 0)
		if consts == nil {
			return nil
		}
		for _, c := range consts {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// constStrings returns the string constants a value is: a constant, or a
// phi of them. Nil otherwise.
func constStrings(v ssa.Value, depth int) []string {
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			return []string{constant.StringVal(x.Value)}
		}
	case *ssa.Phi:
		if depth > 3 {
			return nil
		}
		var out []string
		for _, e := range x.Edges {
			cs := constStrings(effects.Unconverted(e), depth+1)
			if cs == nil {
				return nil
			}
			out = append(out, cs...)
		}
		return out
	}
	return nil
}

// fieldValuesBefore returns the values last stored into a field of the
// struct a value points at (or, for a struct passed by value, is loaded
// from) on each path that reaches a call: task.Status = "running";
// save(ctx, task), or Params{ID: id, Status: "running"}. It reports false
// when some path reaches the call from the function's entry with no
// store: the caller's value, out of sight.
func fieldValuesBefore(v ssa.Value, field string, at ssa.Instruction) ([]ssa.Value, bool) {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X // a struct passed by value: its local
	}
	stores := map[ssa.Instruction]*ssa.Store{}
	refs := v.Referrers()
	if refs == nil {
		return nil, false
	}
	for _, r := range *refs {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || structField(fa.X.Type(), fa.Field) != field {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
				stores[st] = st
			}
		}
	}
	var out []ssa.Value
	seen := map[*ssa.BasicBlock]bool{}
	// last finds the last store in blk before index end, else walks to
	// the predecessors.
	var last func(blk *ssa.BasicBlock, end int) bool
	last = func(blk *ssa.BasicBlock, end int) bool {
		for i := end - 1; i >= 0; i-- {
			if st := stores[blk.Instrs[i]]; st != nil {
				out = append(out, st.Val)
				return true
			}
		}
		if len(blk.Preds) == 0 {
			return false // the entry: the value the caller gave
		}
		for _, p := range blk.Preds {
			if seen[p] {
				continue
			}
			seen[p] = true
			if !last(p, len(p.Instrs)) {
				return false
			}
		}
		return true
	}
	blk := at.Block()
	if !last(blk, slices.Index(blk.Instrs, at)) || len(out) == 0 {
		return nil, false
	}
	return out, true
}

// worker reports whether a call runs as a worker's do, job after job: it
// sits in a loop, or its function runs job after job (see repeated). An
// HTTP handler is none: it answers one request (see httpHandler).
func (b *builder) worker(at ssa.CallInstruction) bool {
	return inLoop(at.Block()) || b.repeated(at.Parent(), workerHops, map[*ssa.Function]bool{})
}

// workerHops bounds how many callers up repeated looks for the loop: the
// worker's loop calls processNext, which calls handle, which moves the
// record.
const workerHops = 3

// repeated reports whether a function of the package runs job after job:
// it is started as a goroutine or handed to a call as a callback (a
// consumer's handler; a closure or a method value), or it implements an
// interface method another package calls job after job (see EachJob), or a caller in the
// package calls it in a loop, or, up to hops callers up, a caller that
// runs job after job calls it. A function that takes an HTTP request
// answers one request, whoever calls it.
func (b *builder) repeated(fn *ssa.Function, hops int, seen map[*ssa.Function]bool) bool {
	if seen[fn] || httpHandler(fn) {
		return false
	}
	seen[fn] = true
	for _, c := range b.effects.CallersOf(fn) {
		if _, ok := c.(*ssa.Go); ok || inLoop(c.Block()) {
			return true
		}
	}
	if m, ok := fn.Object().(*types.Func); ok && b.eachJobImpl(m) {
		return true
	}
	for _, v := range b.funcValues(fn) {
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.Go:
				return true
			case ssa.CallInstruction:
				if slices.Contains(r.Common().Args, v) {
					return true
				}
			}
		}
	}
	if hops == 0 {
		return false
	}
	for _, c := range b.effects.CallersOf(fn) {
		if b.repeated(c.Parent(), hops-1, seen) {
			return true
		}
	}
	return false
}

// funcValues returns the values that stand for a function as a value:
// the closures made of it, or the function itself when it has no free
// variables, and a method's values bound to a receiver (m.handle).
func (b *builder) funcValues(fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	if fn.Parent() != nil {
		for _, blk := range fn.Parent().Blocks {
			for _, instr := range blk.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
					out = append(out, mc)
				}
			}
		}
		return out
	}
	if fn.Referrers() != nil {
		out = append(out, fn)
	}
	for _, mc := range b.effects.MethodValues(fn) {
		out = append(out, mc)
	}
	return out
}

// httpHandler reports whether a function takes an HTTP request or a web
// framework's context.
func httpHandler(fn *ssa.Function) bool { return httpSignature(fn.Signature) }

// httpSignature reports whether a function's parameters include an HTTP
// request or a web framework's context.
func httpSignature(sig *types.Signature) bool {
	for p := range sig.Params().Variables() {
		t := p.Type()
		if ptr, ok := t.(*types.Pointer); ok {
			t = ptr.Elem()
		}
		named, ok := types.Unalias(t).(*types.Named)
		if !ok || named.Obj().Pkg() == nil {
			continue
		}
		path := named.Obj().Pkg().Path()
		if path == "net/http" || strings.Contains(path, "gin-gonic/gin") || strings.Contains(path, "labstack/echo") || strings.Contains(path, "gofiber/fiber") {
			return true
		}
	}
	return false
}

// inLoop reports whether a block can reach itself.
func inLoop(start *ssa.BasicBlock) bool {
	return effects.WalkBlocks(start.Succs, func(blk *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		return blk.Succs, blk == start
	})
}
