package lease

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// checkRecords reports the job records (see queuemodel.JobRecord) whose
// worker moves a job to a running state before its work when nothing in
// the module moves a job out of that state but the worker itself: no
// statement selects or updates rows in it (a reclaim by age, a recovery
// at startup that re-enqueues running rows, a listing a sweeper resets),
// none sweeps the table by a time.
func checkRecords(pass *analysis.Pass, m *queuemodel.Model) {
	for _, r := range m.JobRecords() {
		if r.Acked || r.Queued || r.ResetInGo || queuemodel.InTestFile(pass, r.Take.Call.Pos()) || recordReclaimed(m, r) {
			continue
		}
		work := "the job's work"
		if call, ok := r.Work.(*ast.CallExpr); ok {
			work = types.ExprString(call.Fun)
		}
		marks := "this call marks"
		if r.Via != nil {
			marks = "this call runs " + r.Via.Name() + ", which marks"
			work = "in " + r.Via.Name()
		}
		table := queuemodel.TableName(r.Table)
		pass.Report(analysis.Diagnostic{
			Pos: r.Take.Call.Pos(),
			End: r.Take.Call.End(),
			Message: fmt.Sprintf("%s the job record %q before the work, and nothing in the module moves it back\n"+
				"the work (%s) runs after it; a worker killed mid-job (on every deploy) leaves the row %s %q forever, and the job is gone from the queue that fed it, which saw no acknowledgement to wait for; "+
				"record when the job was taken and put stale rows back (UPDATE %s SET %s = '%s' WHERE %s = '%s' AND taken_at < now() - interval '15 minutes'), enqueueing their ids again",
				marks, r.Take.State, work, r.Column, r.Take.State, table, r.Column, firstOr(r.Initial), r.Column, r.Take.State),
		})
	}
}

func firstOr(states []string) string {
	if len(states) == 0 {
		return "pending"
	}
	return states[0]
}

// recordReclaimed reports whether some statement of the module (its Go
// code in any package, its .sql files) may take rows of the record's
// table out of the running state other than by the worker's own writes:
// one that selects, updates or deletes rows filtered on the state column
// with the running state (or a state bound from Go: the tool cannot tell
// which), or an UPDATE or DELETE of the table that compares a time with
// the clock (a sweep by age).
//
// The statements of the store whose record write the worker calls are
// read there, with the constants the store binds (see
// queuemodel.RecordWrite.Held): its poll of pending rows (status = $1,
// bound to StatusPending) takes no running row back, though its text,
// read from the module's files, admits any state.
func recordReclaimed(m *queuemodel.Model, r *queuemodel.JobRecord) bool {
	if w := r.Store; w != nil && (w.HeldAny || slices.Contains(w.Held, r.Take.State)) {
		return true
	}
	var stmts []*sqlcheck.Stmt
	for _, st := range m.ModuleStatements() {
		if !storeStatement(r, st) {
			stmts = append(stmts, st)
		}
	}
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			stmts = append(stmts, st.Stmt)
		}
	}
	for _, top := range stmts {
		found := false
		top.Walk(func(s *sqlcheck.Stmt) {
			if s.Table != r.Table && !placeholderTable(s.Table) {
				return
			}
			found = found || !sqlcheck.Reports(s) && filtersRunning(s, r)
			if (s.Kind == sqlcheck.KindUpdate || s.Kind == sqlcheck.KindDelete) && comparesClock(s) {
				found = true
			}
		})
		if found {
			return true
		}
	}
	return false
}

// storeStatement reports whether a statement of the module's files is
// one of the store's that the record write's package read (see
// queuemodel.RecordWrite.Own).
func storeStatement(r *queuemodel.JobRecord, st *sqlcheck.Stmt) bool {
	if r.Store == nil || st.Origin == nil || !st.Origin.FromGo {
		return false
	}
	path, err := filepath.Abs(st.Origin.Path)
	if err != nil {
		return false
	}
	_, found := slices.BinarySearch(r.Store.Own, queuemodel.OwnKey(path, st.Origin.SQL))
	return found
}

// filtersRunning reports whether a statement picks rows by the record's
// state column with a condition that admits the running state.
func filtersRunning(s *sqlcheck.Stmt, r *queuemodel.JobRecord) bool {
	for _, p := range sqlcheck.StateFilters(s) {
		if p.Column != r.Column {
			continue
		}
		switch p.Op {
		case sqlcheck.OpEq, sqlcheck.OpIn:
			if slices.ContainsFunc(p.Values, func(v sqlcheck.Value) bool { return v.Kind != sqlcheck.ValueConst || v.Str == r.Take.State }) {
				return true
			}
		default:
			return true // status <> 'done', NOT IN: may admit it
		}
	}
	return false
}
