package pollindex

import (
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the pollindex rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires: []*analysis.Analyzer{queuemodel.Analyzer},
	Run:      run,
})

// Analyzer reports the pollindex rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	if len(m.Tables) == 0 {
		return nil, nil
	}
	schema := m.Schema()
	if err := m.SchemaErr(); err != nil {
		return nil, err
	}
	reported := map[string]bool{} // one finding per table and missing index
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			for _, poll := range st.Polls {
				if qt := m.Tables[poll.Table]; qt == nil || !m.ReportsSchemaOf(qt) {
					continue // the package that claims from the table reports its schema
				}
				t := schema.Table(poll.Table)
				if t == nil {
					continue // the table's schema is not in the module
				}
				if len(poll.Where) == 0 && len(poll.OrderBy) == 0 {
					continue // any row will do: jobs leave the table when done, no index needed
				}
				if _, verdict := t.PollIndex(poll); verdict != sqlcheck.NotServed {
					continue
				}
				add := sqlcheck.SuggestPollIndex(t, poll)
				if reported[add] {
					continue
				}
				reported[add] = true
				pass.Report(diagnostic(m, t, poll, st, add))
			}
		}
	}
	return nil, nil
}

func diagnostic(m *queuemodel.Model, t *sqlcheck.Table, poll *sqlcheck.Stmt, st *queuemodel.Statement, add string) analysis.Diagnostic {
	table := queuemodel.TableName(t.Name)
	msg := fmt.Sprintf("no index serves the poll on %s (%s): every poll walks the finished jobs before it finds a runnable one", table, describe(poll))
	if idx := secondaryIndexes(t); idx != "" {
		msg += "; " + idx
	}
	msg += "; add in a new migration: " + sqltext.Display(add)
	return analysis.Diagnostic{
		Pos:     m.Pos(t.Loc),
		Message: msg,
		Related: append([]analysis.RelatedInformation{{Pos: st.Pos(), Message: "the poll"}}, st.Related()...),
	}
}

// describe summarizes a poll's filter and order, as SQL.
func describe(poll *sqlcheck.Stmt) string {
	var parts []string
	var where []string
	for _, p := range poll.Where {
		if p.Op == sqlcheck.OpOther && len(poll.Where) > 1 {
			where = append(where, "("+p.Text+")")
		} else {
			where = append(where, p.Text)
		}
	}
	if len(where) > 0 {
		parts = append(parts, "WHERE "+strings.Join(where, " AND "))
	}
	var order []string
	for _, o := range poll.OrderBy {
		order = append(order, o.Expr)
	}
	if len(order) > 0 {
		parts = append(parts, "ORDER BY "+strings.Join(order, ", "))
	}
	return strings.Join(parts, " ")
}

// secondaryIndexes lists the table's indexes other than its primary key.
func secondaryIndexes(t *sqlcheck.Table) string {
	var names []string
	for _, idx := range t.Indexes {
		if !idx.Primary {
			names = append(names, idx.String())
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return "the existing index " + names[0] + " does not help"
	}
	return "the existing indexes " + strings.Join(names, ", ") + " do not help"
}
