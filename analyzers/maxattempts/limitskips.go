package maxattempts

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A worker or relay that takes a batch of rows (LIMIT n) may stop trying
// a row in Go: past the limit it goes on to the next row
// (if e.RetryCount >= 5 { continue }). The row then keeps the state the
// poll selects; a poll that does not compare the count takes it again on
// every turn, oldest first, and once n such rows lead the order every
// batch is made of rows the loop skips: nothing is sent again
// (TestLimitSkipStallsTheBatch shows it on PostgreSQL 15). Accepted: the
// poll compares the count (AND retry_count < 5), the skip writes the row's
// end (a failed state, a delete, a dead letter), or a statement of the
// module ends the rows past a count (UPDATE ... WHERE retry_count >= 5).

const limitSkipMsg = "a row past the attempt limit is skipped, not ended: the poll takes it again\n" +
	"this comparison sends a row whose attempt count reached the limit to the next row with nothing written about it, " +
	"so it keeps the state the poll selects and the poll, which does not compare the count, takes it again on every turn; " +
	"once a batch's worth of such rows are the oldest, every batch is made of rows the loop skips and no other row is handled; " +
	"give the row an end on that path (SET status = 'failed', processed = true, or move it to a dead-letter table), " +
	"or make the poll leave it out (AND retry_count < $n)"

func reportLimitSkips(pass *analysis.Pass, m *queuemodel.Model, e *judge) {
	for _, qt := range m.QueueTables() {
		if endsPastCount(qt) {
			continue
		}
		for _, poll := range qt.Statements {
			if !batchPoll(qt, poll) {
				continue
			}
			skips := limitSkipsOf(e, poll)
			if len(skips) == 0 {
				continue
			}
			slices.SortFunc(skips, func(a, b effects.LimitSkip) int { return int(a.Pos() - b.Pos()) })
			pos := skips[0].Pos()
			if x := e.comparisons[pos]; x != nil {
				pos = x.Pos()
			}
			pass.Report(analysis.Diagnostic{
				Pos:     pos,
				Message: limitSkipMsg,
				Related: []analysis.RelatedInformation{{Pos: poll.Pos(), Message: "the poll that takes the row again"}},
			})
		}
	}
}

// endsPastCount reports whether a statement of the table writes or
// deletes the rows by their attempt count (a sweep of the exhausted rows).
func endsPastCount(qt *queuemodel.QueueTable) bool {
	return slices.ContainsFunc(qt.Statements, func(st *queuemodel.Statement) bool {
		return (st.Kind == sqlcheck.KindUpdate || st.Kind == sqlcheck.KindDelete) && filtersCount(st.Where)
	})
}

func filtersCount(where []sqlcheck.Pred) bool {
	return slices.ContainsFunc(where, func(w sqlcheck.Pred) bool {
		return attempts.Named(w.Column) || slices.ContainsFunc(w.Branches, filtersCount)
	})
}

// batchPoll reports whether a statement takes a batch of the table's rows
// in a runnable state (a claim's SELECT, a relay's poll) with a LIMIT and
// with no comparison of an attempt count.
func batchPoll(qt *queuemodel.QueueTable, st *queuemodel.Statement) bool {
	if st.Kind != sqlcheck.KindSelect || st.Limit == nil || st.Body != nil || filtersCount(st.Where) {
		return false
	}
	return st.Role == queuemodel.RoleClaim || slices.Contains(qt.RelayPolls(), st)
}

// limitSkipsOf returns the skips past a limit of the rows a poll returns:
// in the function that runs it, and in the package's callers of a store
// method that runs it and returns them.
func limitSkipsOf(e *judge, poll *queuemodel.Statement) []effects.LimitSkip {
	src := e.Call(poll.Call.Expr)
	if src == nil {
		return nil
	}
	out := e.LimitSkips(src, queuemodel.RowsOf(poll, src), isCountValue)
	if poll.Call.Decl == nil {
		return out
	}
	for _, c := range e.CallersOf(e.Func(poll.Call.Decl)) {
		if v := c.Value(); v != nil {
			out = append(out, e.LimitSkips(c, []ssa.Value{v}, isCountValue)...)
		}
	}
	return out
}

// isCountValue reports whether a value is read from a field named as an
// attempt count (e.RetryCount, job.Attempts).
func isCountValue(v ssa.Value) bool {
	for {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
			continue
		case *ssa.Field:
			return attempts.Named(fieldName(x.X.Type(), x.Field))
		case *ssa.UnOp:
			if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
				return attempts.Named(fieldName(fa.X.Type(), fa.Field))
			}
		}
		return false
	}
}
