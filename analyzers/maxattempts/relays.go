package maxattempts

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"

	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A relay (an outbox: see queuemodel's relay.go) retries by doing nothing:
// a row it does not mark is polled again. That is its design for a broker
// that is down, which comes back; a row whose own payload cannot be
// decoded fails the same way on every poll, for ever, and when the poll
// takes the oldest rows first, a batch of such rows holds up every row
// behind them. Reported: a relay whose one function polls (itself, or by
// a call of the package's store method that does), decodes what it read
// and, when that fails, leaves the row unmarked with nothing written (see
// effects.RowFailureSkips), on a table none of whose statements counts
// attempts and whose poll compares no attempt count.

const relayRetryMsg = "a row that keeps failing is taken again by every poll, with no attempt count\n" +
	"when this decode fails the row is left unmarked and nothing is written about it, so the next poll takes it again, " +
	"and fails again, for ever (and a poll that takes the oldest rows first puts it ahead of every newer row); " +
	"record the failure on that path (SET failed_at = now(), last_error = $2, or attempts = attempts + 1 with the poll " +
	"reading attempts < $n) so the row leaves the poll"

const relaySendMsg = "a row whose send keeps failing is sent again by every poll, with no attempt count\n" +
	"when this call fails the loop goes on to the next row and leaves this one unmarked with nothing written about it, so every poll " +
	"sends it again, and it fails again, for ever (and a poll that takes the oldest rows first puts it ahead of every newer row); " +
	"record the failure on that path (attempts = attempts + 1 with the poll reading attempts < $n, or a 'failed' state after the last try) " +
	"so the row leaves the poll"

func reportRelayRetries(pass *analysis.Pass, m *queuemodel.Model, e *judge) {
	for _, qt := range m.QueueTables() {
		if !qt.Relay() || len(qt.AttemptColumns()) > 0 {
			continue
		}
		for _, poll := range qt.RelayPolls() {
			if countsAttempts(poll) {
				continue
			}
			for _, mark := range qt.RelayMarks(poll) {
				msg, skips := relayRetryMsg, relaySkips(e, poll, mark, e.RowFailureSkips)
				if len(skips) == 0 {
					msg, skips = relaySendMsg, relaySkips(e, poll, mark, e.RowSendSkips)
				}
				if len(skips) == 0 {
					continue
				}
				slices.SortFunc(skips, func(a, b effects.Skip) int { return int(a.Work.Pos() - b.Work.Pos()) })
				s := skips[0]
				pass.Report(analysis.Diagnostic{
					Pos:     callStart(pass, s.Work.Pos()),
					Message: msg,
					Related: []analysis.RelatedInformation{
						{Pos: poll.Pos(), Message: "the poll that takes the row again"},
						{Pos: mark.Pos(), Message: "the mark the failure skips"},
					},
				})
				break
			}
		}
	}
}

// relaySkips returns the row failures that skip a relay's mark: in the
// function that runs the poll and the mark, or, when a store's methods
// run them (sqlc's Queries, a repository's), in each function of the
// package that calls both. skips finds them in one function.
func relaySkips(e *judge, poll, mark *queuemodel.Statement, skips func(poll, mark ssa.CallInstruction) []effects.Skip) []effects.Skip {
	if poll.Call.Func == mark.Call.Func {
		return skips(e.Call(poll.Call.Expr), e.Call(mark.Call.Expr))
	}
	if poll.Call.Decl == nil || mark.Call.Decl == nil {
		return nil
	}
	var out []effects.Skip
	marks := e.CallersOf(e.Func(mark.Call.Decl))
	for _, pc := range e.CallersOf(e.Func(poll.Call.Decl)) {
		for _, mc := range marks {
			if mc.Parent() == pc.Parent() {
				out = append(out, skips(pc, mc)...)
			}
		}
	}
	return out
}

// countsAttempts reports whether a poll compares an attempt count
// (attempts < 5): rows leave it once they have failed enough.
func countsAttempts(poll *queuemodel.Statement) bool {
	return slices.ContainsFunc(poll.Polls, func(p *sqlcheck.Stmt) bool {
		return slices.ContainsFunc(p.Where, func(w sqlcheck.Pred) bool { return attempts.Named(w.Column) })
	})
}

// callStart returns where the call whose opening parenthesis is at lparen
// starts (SSA places a call at its parenthesis; a reader looks for its
// start).
func callStart(pass *analysis.Pass, lparen token.Pos) token.Pos {
	start := lparen
	for _, f := range pass.Files {
		if f.Pos() > lparen || lparen > f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && c.Lparen == lparen {
				start = c.Pos()
			}
			return start == lparen
		})
	}
	return start
}
