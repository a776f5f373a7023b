package ormsql_test

import (
	"fmt"
	"go/ast"
	"sync"
	"testing"
	"time"

	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/drivers"
	"github.com/volatiletech/sqlboiler/v4/queries"
	"github.com/volatiletech/sqlboiler/v4/queries/qm"
	"github.com/volatiletech/sqlboiler/v4/queries/qmhelper"
	"github.com/volatiletech/strmangle"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// readBoil runs the readers over a fixture package with the facts the
// generated models package publishes, and returns what they read in each
// function, by the function's name.
func readBoil(t *testing.T, pkg string) map[string][]ormsql.Statement {
	t.Helper()
	var mu sync.Mutex
	out := map[string][]ormsql.Statement{}
	a := &analysis.Analyzer{
		Name:      "boiltest",
		Doc:       "records the statements the sqlboiler reader rebuilds",
		Requires:  []*analysis.Analyzer{inspect.Analyzer, effects.Analyzer},
		FactTypes: []analysis.Fact{(*ormsql.Boiler)(nil)},
		Run: func(pass *analysis.Pass) (any, error) {
			for obj, f := range ormsql.BoilerFacts(pass.TypesInfo, pass.Files) {
				pass.ExportObjectFact(obj, f)
			}
			if pass.Pkg.Path() != pkg {
				return nil, nil
			}
			in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
			eff := pass.ResultOf[effects.Analyzer].(*effects.Effects)
			for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
				st, ok := ormsql.Read(pass.TypesInfo, eff, cur, pass.ImportObjectFact)
				if !ok {
					continue
				}
				var fn string
				for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
					fn = c.Node().(*ast.FuncDecl).Name.Name
					break
				}
				mu.Lock()
				out[fn] = append(out[fn], st)
				mu.Unlock()
			}
			return nil, nil
		},
	}
	ruletest.Run(t, a, pkg)
	return out
}

// boilQuery is what the generated constructor and NewQuery build: the
// mods, then qm.From(table), on PostgreSQL's dialect as sqlboiler's psql
// driver sets it, selecting table.* when no mod selects.
func boilQuery(mods ...qm.QueryMod) *queries.Query {
	mods = append(mods, qm.From(`"outbox_jobs"`))
	q := &queries.Query{}
	queries.SetDialect(q, &drivers.Dialect{LQ: '"', RQ: '"', UseIndexPlaceholders: true, UseDefaultKeyword: true})
	qm.Apply(q, mods...)
	if len(queries.GetSelect(q)) == 0 {
		queries.SetSelect(q, []string{`"outbox_jobs".*`})
	}
	return q
}

// softQuery is what a constructor of a table with soft deletes builds:
// the filter on deleted_at after the caller's mods (BuildQuery drops it
// when a mod is qm.WithDeleted).
func softQuery(mods ...qm.QueryMod) *queries.Query {
	mods = append(mods, qm.From(`"soft_jobs"`), qmhelper.WhereIsNull(`"soft_jobs"."deleted_at"`))
	q := &queries.Query{}
	queries.SetDialect(q, &drivers.Dialect{LQ: '"', RQ: '"', UseIndexPlaceholders: true, UseDefaultKeyword: true})
	qm.Apply(q, mods...)
	queries.SetSelect(q, []string{`"soft_jobs".*`})
	return q
}

func built(q *queries.Query) string {
	s, _ := queries.BuildQuery(q)
	return s
}

// The SQL the reader rebuilds is the SQL sqlboiler v4 sends: its query
// builder's text for the same mods (queries.BuildQuery), and for a
// model's Update the text the generated Update formats with strmangle
// from the column set boil.Columns gives.
func TestSQLBoilerMatchesSQLBoiler(t *testing.T) {
	got := readBoil(t, "boilcases")
	all := []string{"id", "status", "run_at", "attempts", "locked_by", "created_at", "updated_at"}
	pk := []string{"id"}
	update := func(cols boil.Columns) string {
		wl := cols.UpdateColumnSet(all, pk)
		if !cols.IsWhitelist() {
			wl = strmangle.SetComplement(wl, []string{"created_at"})
		}
		return fmt.Sprintf(`UPDATE "outbox_jobs" SET %s WHERE %s`,
			strmangle.SetParamNames(`"`, `"`, 1, wl), strmangle.WhereClause(`"`, `"`, len(wl)+1, pk))
	}
	col := func(c string) string { return `"outbox_jobs"."` + c + `"` }
	w1 := "w1"
	one := boilQuery(qm.Where("status = ? AND attempts < ?", "failed", 5), qm.Or("status = ?", "queued"), qm.Limit(7))
	queries.SetLimit(one, 1)
	updateAll := boilQuery(qmhelper.Where(col("status"), qmhelper.EQ, "running"), qmhelper.Where(col("run_at"), qmhelper.LT, time.Now()))
	queries.SetUpdate(updateAll, map[string]interface{}{"status": "queued", "locked_by": nil})
	deleteAll := boilQuery(qmhelper.Where(col("status"), qmhelper.EQ, "done"))
	queries.SetDelete(deleteAll)
	want := map[string]string{
		"SelectClaim": built(boilQuery(qmhelper.Where(col("status"), qmhelper.EQ, "queued"), qm.OrderBy("run_at"), qm.Limit(10), qm.For("UPDATE SKIP LOCKED"))),
		"SelectDue":   built(boilQuery(qmhelper.Where(col("run_at"), qmhelper.LT, time.Now()))),
		"SelectOne":   built(one),
		"SelectHelpers": built(boilQuery(qmhelper.WhereIsNull(col("locked_by")), qmhelper.Where(col("status"), qmhelper.NEQ, "done"),
			qmhelper.WhereNullEQ(col("locked_by"), false, &w1), qmhelper.Where(col("attempts"), qmhelper.GTE, 3),
			qm.Load("Owner"), qm.Select("id", "status"), qm.Offset(4))),
		"SelectMods":      built(boilQuery(qmhelper.Where(col("status"), qmhelper.EQ, "queued"), qm.For("UPDATE"), qm.Limit(2))),
		"UpdateAll":       built(updateAll),
		"DeleteAll":       built(deleteAll),
		"UpdateInfer":     update(boil.Infer()),
		"UpdateWhitelist": update(boil.Whitelist("status", "locked_by")),
		"DeleteModel":     `DELETE FROM "outbox_jobs" WHERE ` + strmangle.WhereClause(`"`, `"`, 1, pk),
		"SoftDeleted":     built(softQuery(qm.Where("status = ?", "queued"))),
		"SoftWithDeleted": built(softQuery(qm.Where("status = ?", "queued"), qm.WithDeleted())),
		"UpdateBranch":    update(boil.Whitelist("status")),
	}
	for fn, sql := range want {
		sts := got[fn]
		if len(sts) != 1 {
			t.Errorf("%s: %d statements, want 1", fn, len(sts))
			continue
		}
		if !sts[0].Known || sts[0].SQL != sql {
			t.Errorf("%s:\n got %q (known %v, unread %q)\nwant %q", fn, sts[0].SQL, sts[0].Known, sts[0].Unread, sql)
		}
	}
	if c := got["SelectClaim"]; len(c) == 1 && (c[0].Consts[1] != "queued" || c[0].Method != "Query" || c[0].Handle != ormsql.HandleTx) {
		t.Errorf("SelectClaim: consts %v, method %s, handle %v", c[0].Consts, c[0].Method, c[0].Handle)
	}
	if c := got["SelectOne"]; len(c) == 1 && (c[0].Consts[1] != "failed" || c[0].Consts[2] != "" || c[0].Consts[3] != "queued" || c[0].Method != "QueryRow") {
		t.Errorf("SelectOne: consts %v, method %s", c[0].Consts, c[0].Method)
	}
	if c := got["UpdateAll"]; len(c) == 1 && (c[0].Consts[2] != "queued" || c[0].Consts[3] != "running" || c[0].Method != "Exec") {
		t.Errorf("UpdateAll: consts %v, method %s", c[0].Consts, c[0].Method)
	}
	if c := got["SelectDue"]; len(c) == 1 && c[0].Handle != ormsql.HandleAutocommit {
		t.Errorf("SelectDue: handle %v, want a pool's", c[0].Handle)
	}
	if c := got["UpdateBranch"]; len(c) == 1 && len(c[0].Consts) != 0 {
		t.Errorf("UpdateBranch: consts %v, want none", c[0].Consts)
	}
	for _, fn := range []string{"UnreadNullable", "UnreadBlacklist", "UnreadLimit", "UnreadMods", "UnreadModsChanged", "UnreadMySQL"} {
		sts := got[fn]
		if len(sts) != 1 || sts[0].Known || sts[0].Unread == "" {
			t.Errorf("%s: %+v, want one unread statement", fn, sts)
		}
	}
	// One's SetLimit changes the query it is called on: a query value used
	// twice is read by neither call.
	if sts := got["UnreadShared"]; len(sts) != 2 || sts[0].Known || sts[1].Known {
		t.Errorf("UnreadShared: %+v, want two unread statements", sts)
	}
	// The Update binds what the code stored in the model's fields before.
	if c := got["UpdateInfer"]; len(c) == 1 && (len(c[0].Consts) != 1 || c[0].Consts[1] != "running") {
		t.Errorf("UpdateInfer: consts %v, want $1 running", c[0].Consts)
	}
}
