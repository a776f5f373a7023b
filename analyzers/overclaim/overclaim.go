package overclaim

import (
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the overclaim rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires: []*analysis.Analyzer{queuemodel.Analyzer},
	Run:      run,
})

// Analyzer reports the overclaim rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			// A batch that reclaims expired leases or purges finished jobs
			// wants every row: its LIMIT only keeps transactions short.
			if st.Role != queuemodel.RoleClaim {
				continue
			}
			if take, sub := lockedLimitIn(st.Stmt); sub != nil {
				pass.Report(analysis.Diagnostic{
					Pos:     st.Pos(),
					Related: st.Related(),
					Message: fmt.Sprintf("this %s takes the rows of IN (SELECT ... LIMIT %s FOR %s), which may run more than once\n"+
						"PostgreSQL does not promise to run that subquery once: a plan that re-scans it (a nested-loop semi join) skips the rows the statement has already changed and locks the next ones, "+
						"so one statement takes more jobs than the LIMIT, up to every runnable one; "+
						"write id = ANY(ARRAY(SELECT ...)), or lock in a CTE (WITH next AS (SELECT ... FOR UPDATE SKIP LOCKED) ... WHERE id IN (SELECT id FROM next))",
						take.Kind, st.Call.Display(sub.Limit.Text), lockText(sub.Lock)),
				})
			}
		}
	}
	return nil, nil
}

// lockedLimitIn returns the subquery of an UPDATE or DELETE (the statement
// or one it holds in a CTE) that picks its rows with col IN (SELECT ...
// LIMIT n FOR UPDATE ...), or nil. = ANY(ARRAY(SELECT ...)) builds the
// array once, as an InitPlan, and = (SELECT ...) is a scalar subquery: both
// run once.
func lockedLimitIn(top *sqlcheck.Stmt) (take, sub *sqlcheck.Stmt) {
	top.Walk(func(s *sqlcheck.Stmt) {
		if sub != nil || (s.Kind != sqlcheck.KindUpdate && s.Kind != sqlcheck.KindDelete) {
			return
		}
		for _, p := range s.Where {
			if p.Op != sqlcheck.OpIn || len(p.Values) != 1 {
				continue
			}
			v := p.Values[0]
			if v.Kind != sqlcheck.ValueSubquery || v.Sub == nil || arrayOf(v) {
				continue
			}
			if v.Sub.Limit != nil && v.Sub.Lock != nil {
				take, sub = s, v.Sub
				return
			}
		}
	})
	return take, sub
}

// arrayOf reports whether a value is ARRAY(SELECT ...).
func arrayOf(v sqlcheck.Value) bool {
	return strings.HasPrefix(strings.ToUpper(strings.TrimSpace(v.Text)), "ARRAY")
}

func lockText(l *sqlcheck.Lock) string {
	s := strings.ToUpper(l.Strength)
	if l.SkipLocked {
		s += " SKIP LOCKED"
	}
	if l.NoWait {
		s += " NOWAIT"
	}
	return s
}
