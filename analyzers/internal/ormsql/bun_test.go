package ormsql_test

import (
	"context"
	"database/sql"
	"go/ast"
	"go/types"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	pg_query "github.com/pganalyze/pg_query_go/v5"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// The fixture's models, as the real bun sees them.
type bunJob struct {
	bun.BaseModel `bun:"table:jobs,alias:j"`
	ID            int64 `bun:",pk,autoincrement"`
	Status        string
	RunAt         time.Time
	Attempts      int    `bun:"attempts_made"`
	Skip          string `bun:"-"`
}

type QueueItem struct {
	ID       int64 `bun:",pk"`
	LockedBy string
}

type Category struct {
	ID int64 `bun:",pk"`
}

type Batch struct {
	ID int64 `bun:",pk"`
}

type bunRead struct {
	ormsql.Statement
	args []string // the source of each argument
}

// readAll runs the readers over a fixture package and returns what they
// read in each function, by the function's name.
func readAll(t *testing.T, pkg string) map[string][]bunRead {
	t.Helper()
	var mu sync.Mutex
	out := map[string][]bunRead{}
	a := &analysis.Analyzer{
		Name:     "ormsqltest",
		Doc:      "records the statements the readers rebuild",
		Requires: []*analysis.Analyzer{inspect.Analyzer, effects.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
			eff := pass.ResultOf[effects.Analyzer].(*effects.Effects)
			for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
				st, ok := ormsql.Read(pass.TypesInfo, eff, cur, nil)
				if !ok {
					continue
				}
				var fn string
				for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
					fn = c.Node().(*ast.FuncDecl).Name.Name
					break
				}
				rd := bunRead{Statement: st}
				for _, a := range st.Args {
					rd.args = append(rd.args, types.ExprString(a))
				}
				mu.Lock()
				out[fn] = append(out[fn], rd)
				mu.Unlock()
			}
			return nil, nil
		},
	}
	ruletest.Run(t, a, pkg)
	return out
}

// The SQL the reader rebuilds is the SQL bun sends: with the arguments
// (literals in the fixture) put in, it is bun's String() as it is; where
// the values are the model's fields, it is bun's text with every value
// and parameter made a placeholder.
func TestBunMatchesBun(t *testing.T) {
	got := readAll(t, "bunchains")
	db := bun.NewDB(&sql.DB{}, pgdialect.New())
	var jobs []bunJob
	j5 := func() *bunJob { return &bunJob{ID: 5} }
	want := map[string]string{
		"SelectClaim": db.NewSelect().Model(&jobs).Where("status = ?", "queued").Order("run_at").Limit(1).For("UPDATE SKIP LOCKED").String(),
		"SelectClauses": db.NewSelect().Model(&jobs).Column("id").Where("status = ?", "queued").WhereOr("x = 1").
			Order("run_at DESC", "id").OrderExpr("id ASC").Limit(1).Offset(2).For("UPDATE").String(),
		"SelectAcrossVariables": db.NewSelect().Model(&jobs).Where("status = ?", "queued").String(),
		"UpdateSet":             db.NewUpdate().Model(j5()).Set("status = ?", "running").Where("status = ?", "queued").WherePK().Returning("id, status").String(),
		"UpdateAll":             db.NewUpdate().Model(j5()).WherePK().String(),
		"UpdateColumn":          db.NewUpdate().Model(j5()).Column("status").WherePK().String(),
		"UpdateTable":           db.NewUpdate().Table("jobs").Set("status = ?", "a").Where("id = ?", 1).String(),
		"UpdateTableExpr":       db.NewUpdate().TableExpr("jobs").Set("status = ?", "a").Where("id = ?", 1).String(),
		"Insert":                db.NewInsert().Model(&bunJob{ID: 5, Status: "x"}).String(),
		"DeleteWhere":           db.NewDelete().Model(j5()).Where("id = ?", 3).String(),
		"DeletePK":              db.NewDelete().Model(j5()).WherePK().String(),
		"DefaultNames":          db.NewSelect().Model(&QueueItem{}).Where("id = ?", 3).String(),
		"PluralIES":             db.NewSelect().Model(&Category{}).String(),
		"PluralES":              db.NewSelect().Model(&[]Batch{}).String(),
		"NilModel":              db.NewSelect().Model((*QueueItem)(nil)).Where("id = ?", 3).String(),
		"TableExpr":             db.NewSelect().TableExpr("jobs AS j").ColumnExpr("j.id").Where("id = ?", 3).String(),
		"ModelTableExpr":        db.NewSelect().Model(&jobs).ModelTableExpr("other AS j").Where("id = ?", 3).String(),
		"Raw":                   db.NewRaw("SELECT * FROM jobs WHERE id = ? AND s = ?", 1, "a").String(),
		"RawNames":              db.NewRaw("SELECT id FROM ? WHERE ? = ? AND x = ?", bun.Ident("jobs"), bun.Name("status"), "a", bun.Safe("1")).String(),
		"RawIdentQualified":     db.NewRaw("DELETE FROM ? WHERE id = ?", bun.Ident("app.jobs"), 1).String(),
		"Text":                  string(db.QueryGen().FormatQuery("UPDATE jobs SET status = ? WHERE id = ? AND note <> '\\?'", "a", 1)),
		"InTx":                  db.NewSelect().Model(&jobs).Where("status = ?", "queued").String(),
		"InsertSlice":           db.NewInsert().Model(&[]bunJob{{ID: 5, Status: "a"}}).String(),
		"InsertSliceOfPointers": db.NewInsert().Model(&[]*bunJob{{ID: 5, Status: "a"}}).Returning("id").String(),
		"ScanAndCount":          db.NewSelect().Model(&jobs).Where("status = ?", "queued").Order("run_at").String(),
		"UpdateFromSubquery": db.NewUpdate().TableExpr("jobs as j").
			TableExpr("(?) as sub", db.NewSelect().Table("jobs").Column("id").Where("status IN (?)", bun.In([]string{"queued", "retry"})).
				Order("run_at").Limit(5).For("UPDATE SKIP LOCKED")).
			Set("attempts = j.attempts + (?)", 1).Set("status = (?)", "running").Where("sub.id = j.id").Returning("j.*").String(),
		"SelectFromSubquery": db.NewSelect().TableExpr("(?) AS s", db.NewSelect().Table("jobs").Where("id = ?", 3)).Where("x = ?", 4).String(),
		"WhereInList":        db.NewSelect().Table("jobs").Where("id IN (?)", bun.In([]int{1, 2})).String(),
		// A list of one item: one parameter stands for the items of a
		// list of any length.
		"WhereInVar":      db.NewUpdate().Table("jobs").Set("status = ?", "running").Where("id IN (?)", bun.In([]int64{7})).Where("status = ?", "queued").String(),
		"UpdateTwoTables": db.NewUpdate().Table("jobs").Table("other").Set("x = 1").Where("a = b").String(),
	}
	compare(t, got, want)
}

// compare checks each function's one statement against what the library
// sends.
func compare(t *testing.T, got map[string][]bunRead, want map[string]string) {
	t.Helper()
	for fn, w := range want {
		rs := got[fn]
		if len(rs) != 1 {
			t.Errorf("%s: %d statements read, want 1", fn, len(rs))
			continue
		}
		r := rs[0]
		if !r.Known {
			t.Errorf("%s: not read: %s", fn, r.Unread)
			continue
		}
		if r.Args == nil || !literals(r.Args) {
			if g, w := placeholders(t, r.SQL), placeholders(t, w); g != w {
				t.Errorf("%s:\n got %s\nwant %s", fn, g, w)
			}
			continue
		}
		if g := withArgs(t, r); g != w {
			t.Errorf("%s:\n got %s\nwant %s\n(read %s)", fn, g, w, r.SQL)
		}
	}
}

func literals(args []ast.Expr) bool {
	for _, a := range args {
		if _, ok := a.(*ast.BasicLit); !ok {
			return false
		}
	}
	return true
}

// withArgs puts the literal arguments of a statement in place of its
// parameters, as bun formats them.
func withArgs(t *testing.T, r bunRead) string {
	return regexp.MustCompile(`\$\d+`).ReplaceAllStringFunc(r.SQL, func(p string) string {
		n, _ := strconv.Atoi(p[1:])
		lit, ok := r.Args[n-1].(*ast.BasicLit)
		if !ok {
			t.Fatalf("argument %s is no literal", r.args[n-1])
		}
		if s, err := strconv.Unquote(lit.Value); err == nil {
			return "'" + strings.ReplaceAll(s, "'", "''") + "'"
		}
		return lit.Value
	})
}

// placeholders returns a statement with each constant and parameter made
// a ?, by PostgreSQL's own normalisation.
func placeholders(t *testing.T, sql string) string {
	n, err := pg_query.Normalize(sql)
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return regexp.MustCompile(`\$\d+`).ReplaceAllString(n, "?")
}

func TestBunUnread(t *testing.T) {
	got := readAll(t, "bunchains")
	for fn, why := range map[string]string{
		"Dropped":                "changed outside its chain",
		"Named":                  "named placeholder",
		"Irregular":              "plural of person",
		"LatinPlural":            "plural of status",
		"ScanAndCountLimit":      "ScanAndCount with a limit sends two statements",
		"Rows":                   "Rows is not read",
		"SubqueryBranch":         "a bun subquery: the query is built out of sight",
		"SubqueryOfUpdate":       "subquery of a Update query is not read",
		"WhereInEmpty":           "bun.In the tool does not read",
		"UpdateTablesFirstOfTwo": "Table of several names first",
		"FewerArgs":              "more placeholders than arguments",
		"WherePKSlice":           "WherePK is read only for one row",
		"TableWithModel":         "Table with a model",
		"OrderFunction":          `Order("lower(status)")`,
		"OrderNulls":             `Order("run_at NULLS FIRST")`,
		"Embedded":               "embeds Job",
		"SoftDelete":             "soft_delete",
		"SelectView":             "select:jobs_view",
		"FewerPlaceholders":      "fewer placeholders than arguments",
		"TextUnknown":            "not one known string",
		"NoTable":                "no one table",
		"ForTwice":               "For is called twice",
	} {
		rs := got[fn]
		if len(rs) != 1 || rs[0].Known || !strings.Contains(rs[0].Unread, why) {
			t.Errorf("%s: read %+v, want one unread statement: %s", fn, rs, why)
		}
	}
}

// Arguments spread from a slice cannot be named one by one: the SQL is
// read, its arguments are not.
func TestBunSpreadArgs(t *testing.T) {
	rs := readAll(t, "bunchains")["SpreadArgs"]
	if len(rs) != 1 || !rs[0].Known || rs[0].Args != nil || !strings.Contains(rs[0].SQL, "WHERE (status = $1 AND id = $2)") {
		t.Errorf("read %+v, want the SQL with no arguments", rs)
	}
}

// The row of QueryRowContext goes where its Scan says.
func TestBunTextRowScan(t *testing.T) {
	rs := readAll(t, "bunchains")["TextRow"]
	if len(rs) != 1 || !rs[0].Known || rs[0].SQL != "SELECT id FROM jobs WHERE id = $1" ||
		len(rs[0].ScanArgs) != 1 || types.ExprString(rs[0].ScanArgs[0]) != "&id" || rs[0].ResultChecked {
		t.Errorf("read %+v, want the SQL, scanned into &id, its error dropped", rs)
	}
}

// What a bun statement runs on: a DB's statements commit each on their
// own, a Tx's (given, or RunInTx's) are in a transaction, an IDB may be
// either.
func TestBunHandle(t *testing.T) {
	got := readAll(t, "bunchains")
	for fn, h := range map[string]ormsql.Handle{
		"SelectClaim":           ormsql.HandleAutocommit,
		"SelectClauses":         ormsql.HandleTx,
		"SelectAcrossVariables": ormsql.HandleUnknown,
		"InTx":                  ormsql.HandleTx,
		"Text":                  ormsql.HandleAutocommit,
	} {
		if rs := got[fn]; len(rs) != 1 || rs[0].Handle != h {
			t.Errorf("%s: %+v, want handle %v", fn, rs, h)
		}
	}
}

// The bun models' Go types, to keep the fixture's copies honest.
var _ = reflect.TypeFor[bunJob]
var _ = context.Background

// bun's older table tag, common table expressions whose query is a bun
// chain of its own, and an update or delete of a model that names other
// tables: checked against bun's String() as the rest.
func TestBunWith(t *testing.T) {
	got := readAll(t, "bunchains")
	db := bun.NewDB(&sql.DB{}, pgdialect.New())
	var jobs []bunJob
	var src []taskJob
	claim := db.NewSelect().ColumnExpr("ctid").Model((*taskJob)(nil)).Where("queue = ?", "q").Where("run_at <= ?", 1).
		OrderExpr("id ASC").Limit(3).For("UPDATE SKIP LOCKED")
	compare(t, got, map[string]string{
		"OldTag": db.NewSelect().Model((*taskJob)(nil)).Where("queue = ?", "q").String(),
		"WithUpdate": db.NewUpdate().Model(&src).With("todo", claim).TableExpr("todo").
			Set("reserved_count = reserved_count + 1").Set("reserved_at = now()").Where("m.ctid = todo.ctid").Returning("m.*").String(),
		"WithSelect": db.NewSelect().
			With("a", db.NewSelect().Model((*taskJob)(nil)).Column("id").Where("queue = ?", "q")).
			With("b", db.NewSelect().Table("jobs").Where("id = ?", 2)).
			Model(&jobs).Where("id IN (SELECT id FROM a)").Where("status = ?", "queued").String(),
		"WithDelete": db.NewDelete().With("todo", db.NewSelect().ColumnExpr("ctid").Model((*taskJob)(nil)).Where("queue = ?", "q").Limit(10)).
			Model((*taskJob)(nil)).TableExpr("todo").Where("m.ctid = todo.ctid").String(),
	})
	for fn, why := range map[string]string{
		"WithBranch":       "With(\"todo\"): the query is built out of sight",
		"WithUnreadSub":    "For is called twice",
		"ColumnAndSet":     "Column with Set",
		"UpdateSliceNoSet": "update of a slice",
		"WithRaw":          "With(\"todo\") of a Raw query",
		"RawSafeVar":       "a bun.Safe of a value out of sight",
	} {
		rs := got[fn]
		if len(rs) != 1 || rs[0].Known || !strings.Contains(rs[0].Unread, why) {
			t.Errorf("%s: read %+v, want one unread statement: %s", fn, rs, why)
		}
	}
}

// taskJob is the fixture's TaskJob as the real bun sees it.
type taskJob struct {
	bun.BaseModel `bun:"task_jobs,alias:m"`

	ID            int64 `bun:"type:uuid"`
	Queue         string
	RunAt         time.Time
	ReservedCount int
	ReservedAt    time.Time
	Data          []byte
}
