package reclaimattempts

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the reclaimattempts rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires: []*analysis.Analyzer{queuemodel.Analyzer},
	Run:      run,
})

// Analyzer reports the reclaimattempts rule's findings.
var Analyzer = Rule.Analyzer

// limitName matches what an attempt limit is called: max_attempts is a
// limit, not a count.
var limitName = regexp.MustCompile(`(?i)^max_?|_?(limit|max)$`)

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	splitReclaims(pass, m)
	for _, qt := range m.QueueTables() {
		retaking(pass, m, qt)
		reclaims := reclaimsOf(pass, qt)
		if len(reclaims) == 0 {
			reclaimedElsewhere(pass, m, qt)
			continue
		}
		claims := claimsOf(m, qt)
		if len(claims) == 0 {
			continue // the claim is out of sight: it may count
		}
		claimCounts := slices.ContainsFunc(claims, counts)
		// A statement that hands the count to callers out of sight (the
		// claim's RETURNING attempts) lets them fail the job at the limit
		// (see retaking).
		limited := sqlLimit(m, qt) || goLimit(pass) || slices.ContainsFunc(qt.Statements, (*queuemodel.Statement).ReturnsAttempts)
		for _, r := range reclaims {
			switch {
			case budgets(r, qt.StateColumn):
				// A count of its own, whatever it is called, decides
				// when the reclaim gives up.
			case !claimCounts && !counts(r.Stmt):
				pass.Report(analysis.Diagnostic{
					Pos:     r.Pos(),
					Related: r.Related(),
					Message: fmt.Sprintf("this reclaim returns jobs whose lease expired to the queue without spending an attempt, and the claim counts none either\n"+
						"a job that kills its worker (out of memory, a segfault, a panic outside recovery) comes back every lease for ever and takes a worker down each time; "+
						"count the attempt in the claim (attempts = attempts + 1) and fail the job at the limit, or count it here and fail at the limit "+
						"(SET %s = CASE WHEN attempts + 1 >= max_attempts THEN 'failed' ELSE ... END, attempts = attempts + 1)", qt.StateColumn),
				})
			case !limited:
				pass.Report(analysis.Diagnostic{
					Pos:     r.Pos(),
					Related: r.Related(),
					Message: "this reclaim returns jobs whose lease expired and counts their attempts, but never compares them with a limit\n" +
						"no statement or decision compares the count with a limit, so a job that kills its worker comes back every lease for ever; fail it at the limit " +
						"(SET " + qt.StateColumn + " = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE ... END, or WHERE attempts < max_attempts in the claim)",
				})
			}
		}
	}
	return nil, nil
}

// retaking reports the claims whose poll also takes back jobs whose lease
// expired (WHERE status = 'new' OR (status = 'in_progress' AND
// next_attempt_time < now())): such a claim is the queue's reclaim, and
// judged as one. It spends no attempt and its poll compares none with a
// limit: a job that kills its worker is taken again every lease for ever.
// It counts them, and nothing compares the count with a limit: the same,
// unless the claim hands the count to callers the package cannot see (an
// exported function whose RETURNING lists it): a relay in another package
// may fail the job at the limit as soon as it is claimed.
func retaking(pass *analysis.Pass, m *queuemodel.Model, qt *queuemodel.QueueTable) {
	for _, st := range qt.Statements {
		if !qt.RetakesExpired(st) || queuemodel.InTestFile(pass, st.Pos()) {
			continue
		}
		switch {
		case !counts(st.Stmt) && !pollCaps(st):
			pass.Report(analysis.Diagnostic{
				Pos:     st.Pos(),
				Related: st.Related(),
				Message: fmt.Sprintf("this claim also takes back jobs whose lease expired, without spending an attempt or comparing one with a limit\n"+
					"a job that kills its worker (out of memory, a segfault, a panic outside recovery) is taken again every lease for ever and takes a worker down each time; "+
					"count the attempt in the claim (attempts = attempts + 1) and take only jobs under the limit (AND attempts < max_attempts), "+
					"or fail them at the limit (SET %s = CASE WHEN attempts + 1 >= max_attempts THEN 'failed' ELSE ... END)", qt.StateColumn),
			})
		case counts(st.Stmt) && !sqlLimit(m, qt) && !goLimit(pass) && !st.ReturnsAttempts():
			pass.Report(analysis.Diagnostic{
				Pos:     st.Pos(),
				Related: st.Related(),
				Message: "this claim also takes back jobs whose lease expired and counts their attempts, but never compares them with a limit\n" +
					"no statement or decision compares the count with a limit, so a job that kills its worker is taken again every lease for ever; " +
					"take only jobs under the limit (AND attempts < max_attempts in the claim's poll)",
			})
		}
	}
}

// reclaimedElsewhere judges, at the claim, the reclaim of a queue that
// another package of the module holds (a reaper in a package of its own,
// see queuemodel.ReclaimsElsewhere), for a package that claims from the
// queue and reclaims nothing itself: attempts counted, by the claim or the
// reclaim, that nothing compares with a limit. The claim's package knows
// the queue's states and its claims; the count may still be compared in
// Go elsewhere in the module (job.Attempts >= max in the worker that calls
// the store), which the module's attempt names stand for: any of them
// selected outside the package keeps the rule silent. An attempt not
// spent at all is not judged here.
func reclaimedElsewhere(pass *analysis.Pass, m *queuemodel.Model, qt *queuemodel.QueueTable) {
	var site *queuemodel.Statement
	for _, st := range qt.Statements {
		if qt.RetakesExpired(st) {
			return // the claim is a reclaim too, judged as one (see retaking)
		}
	}
	for _, st := range qt.Statements {
		if st.Role == queuemodel.RoleClaim && !queuemodel.InTestFile(pass, st.Pos()) {
			site = st
			break
		}
	}
	if site == nil {
		return
	}
	elsewhere := m.ReclaimsElsewhere(pass, qt)
	if len(elsewhere) == 0 {
		return
	}
	counted := slices.ContainsFunc(claimsOf(m, qt), counts) ||
		slices.ContainsFunc(elsewhere, func(r queuemodel.ReclaimElsewhere) bool { return counts(r.Stmt) })
	if !counted || sqlLimit(m, qt) || goLimit(pass) || slices.ContainsFunc(qt.Statements, (*queuemodel.Statement).ReturnsAttempts) || m.AttemptsMentionedElsewhere(pass) {
		return
	}
	pass.Report(analysis.Diagnostic{
		Pos:     site.Pos(),
		Related: site.Related(),
		Message: fmt.Sprintf("the reclaim in %s returns this claim's jobs whose lease expired to the queue, and attempts are counted, but nothing compares the count with a limit\n"+
			"no statement of the module, no Go code of this package and no Go file elsewhere in the module reads the count, so a job that kills its worker is reclaimed and taken again for ever; "+
			"take only jobs under the limit (AND attempts < max_attempts in this claim's poll), or fail them at the limit in the reclaim", elsewhere[0].Path),
	})
}

// pollCaps reports whether a claim's polls compare an attempt count with
// a limit (AND attempts < max_attempts).
func pollCaps(st *queuemodel.Statement) bool {
	for _, poll := range st.Polls {
		for _, p := range poll.Where {
			if comparesAttempts(p.Text) {
				return true
			}
		}
	}
	return false
}

// splitReclaims reports the reclaims this package joins from another
// package's functions (queuemodel.SplitReclaims) whose reset spends no
// attempt while no claim of the store's package spends one either.
func splitReclaims(pass *analysis.Pass, m *queuemodel.Model) {
	for _, r := range m.SplitReclaims() {
		if r.Reset.Counts || r.Reset.ClaimCounts || queuemodel.InTestFile(pass, r.ResetSite.Pos()) {
			continue
		}
		pass.Report(analysis.Diagnostic{
			Pos: r.ResetSite.Pos(),
			Related: []analysis.RelatedInformation{
				{Pos: r.ScanSite.Pos(), Message: "the call of " + r.ScanFunc.Name() + ", whose SELECT found the stuck job"},
				{Pos: m.RelatedPos(r.Reset.Stmt), Message: "the UPDATE " + r.ResetFunc.Name() + " runs"},
			},
			Message: fmt.Sprintf("this call returns a stuck job to the queue without spending an attempt, and the claim counts none either\n"+
				"%s's UPDATE puts the job back as it is: a job that kills its worker (out of memory, a segfault, a panic outside recovery) comes back every lease for ever; "+
				"count the attempt in the claim (attempts = attempts + 1) and fail the job at the limit, or count it in the reset and fail at the limit", r.ResetFunc.Name()),
		})
	}
}

// reclaimsOf returns the package's reclaims of a queue table; a reclaim in
// a _test.go file sets up a test case.
func reclaimsOf(pass *analysis.Pass, qt *queuemodel.QueueTable) []*queuemodel.Statement {
	var out []*queuemodel.Statement
	for _, st := range qt.Statements {
		if st.Role == queuemodel.RoleReclaim && st.Kind == sqlcheck.KindUpdate &&
			!strings.HasSuffix(pass.Fset.Position(st.Call.Pos()).Filename, "_test.go") {
			out = append(out, st)
		}
	}
	return out
}

// claimsOf returns the UPDATEs that claim jobs of a table: the package's
// claims, and the module's statements that move jobs to a state the
// package's claims move them to (the claim of another package).
func claimsOf(m *queuemodel.Model, qt *queuemodel.QueueTable) []*sqlcheck.Stmt {
	var out []*sqlcheck.Stmt
	for _, st := range qt.Statements {
		if st.Role == queuemodel.RoleClaim && st.Kind == sqlcheck.KindUpdate {
			out = append(out, st.Stmt)
		} else if claim := st.NestedClaim(); claim != nil {
			out = append(out, claim)
		}
	}
	for _, s := range m.ModuleStatements() {
		s.Walk(func(s *sqlcheck.Stmt) {
			if s.Kind != sqlcheck.KindUpdate || s.Table != qt.Name {
				return
			}
			if v, ok := s.Assigns(qt.StateColumn); ok && v.Kind == sqlcheck.ValueConst && slices.Contains(qt.Claimed, v.Str) {
				out = append(out, s)
			}
		})
	}
	return out
}

// counts reports whether a statement spends an attempt (attempts =
// attempts + 1).
func counts(s *sqlcheck.Stmt) bool { return attempts.Spends(s) }

// budgets reports whether a reclaim keeps a count of its own and gives up
// by it: it adds to a column (rescues = rescues + 1) that the CASE giving
// the state compares with a bound (CASE WHEN rescues + 1 < 3 THEN
// 'queued' ELSE 'failed' END). That is a limit whatever the column is
// called: a job that kills its worker is failed after that many leases.
func budgets(st *queuemodel.Statement, col string) bool {
	v, ok := st.Assigns(col)
	if !ok || col == "" {
		return false
	}
	for _, a := range st.Set {
		if !queuemodel.Increments(a) {
			continue
		}
		name := regexp.MustCompile(`\b` + regexp.QuoteMeta(a.Column) + `\b`)
		for _, arm := range v.Arms {
			for _, p := range arm.When {
				if name.MatchString(p.Text) && strings.ContainsAny(p.Text, "<>") {
					return true
				}
			}
		}
	}
	return false
}

// sqlLimit reports whether some statement on the table, in the package or
// anywhere in the module's SQL, compares an attempt count with a bound: a
// WHERE (attempts < max_attempts) or a CASE that decides the state.
func sqlLimit(m *queuemodel.Model, qt *queuemodel.QueueTable) bool {
	stmts := m.ModuleStatements()
	for _, st := range qt.Statements {
		stmts = append(stmts, st.Stmt)
		for _, c := range st.Guards() {
			if attempts.Mentioned(c) {
				return true // IF v_attempts >= max THEN ... in a function body
			}
		}
	}
	found := false
	for _, top := range stmts {
		top.Walk(func(s *sqlcheck.Stmt) {
			if s.Table != qt.Name {
				return
			}
			for _, p := range s.Where {
				found = found || comparesAttempts(p.Text)
			}
			for _, a := range s.Set {
				found = found || a.Column == qt.StateColumn && comparesAttempts(a.Value.Text)
			}
		})
	}
	return found
}

// comparison finds an ordering comparison: <, <=, >, >= but not <>.
var comparison = regexp.MustCompile(`[^<>!=-](<|>)=?[^<>=]`)

// comparesAttempts reports whether SQL compares an attempt count with an
// ordering operator.
func comparesAttempts(text string) bool {
	return attempts.Mentioned(text) && comparison.MatchString(" "+text+" ")
}

// goLimit reports whether Go code of the package (outside tests) compares
// an attempt count with an ordering operator: if job.Attempts >= max.
func goLimit(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.Position(f.Pos()).Filename, "_test.go") {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if ok {
				switch b.Op {
				case token.LSS, token.LEQ, token.GTR, token.GEQ:
					found = found || attemptOperand(b.X) || attemptOperand(b.Y)
				}
			}
			return !found
		})
	}
	return found
}

// attemptOperand reports whether a compared expression is an attempt
// count: attempts, job.Attempts, j.Attempt().
func attemptOperand(e ast.Expr) bool { return attempts.Operand(e, limitName.MatchString) }
