package lease

import (
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// finalTake reports whether the state a claim moves jobs to is one no
// other statement of the module may move them out of: no UPDATE or DELETE
// of the table, in the package, in the functions it calls or in the
// module's SQL, may hold rows in that state, save one that moves them to
// it again. Such a take records the job as handled before its work (an
// at-most-once worker: processed_at = now() WHERE processed_at IS NULL,
// then the handler); nothing later writes the row, so there is no
// in-progress state for a lease to end, and a killed worker leaves the
// job exactly as handled as a finished one. A package that runs SQL the
// tool cannot read (an ORM's update of a struct, dynamic SQL) may write
// the outcome there: its claims are judged as before.
func finalTake(m *queuemodel.Model, qt *queuemodel.QueueTable, claim *queuemodel.Statement) bool {
	state, ok := qt.AssignedState(claim)
	if !ok || qt.Inherited {
		return false // a dependency that claims from the table may hold its outcome, written in ways its facts do not carry (an ORM)
	}
	for _, c := range m.Calls {
		if !c.Known && !c.ModuleSQL {
			return false // SQL the package runs and the tool cannot read may be the outcome (a GORM update of a struct)
		}
	}
	stmts := m.ModuleStatements()
	for _, st := range qt.Statements {
		stmts = append(stmts, st.Stmt)
	}
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			stmts = append(stmts, st.Stmt)
		}
	}
	left := false
	for _, top := range stmts {
		top.Walk(func(s *sqlcheck.Stmt) {
			if left || s.Kind != sqlcheck.KindUpdate && s.Kind != sqlcheck.KindDelete {
				return
			}
			if s.Table != qt.Name && !placeholderTable(s.Table) && !sameRelation(s.Table, qt.Name) {
				return
			}
			if v, ok := qt.AssignedState(&queuemodel.Statement{Stmt: s}); ok && v == state && s.Kind == sqlcheck.KindUpdate {
				return // another take into the same state
			}
			left = mayHold(s, qt, state)
		})
	}
	return !left
}
