package ormsql_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	sq "github.com/Masterminds/squirrel"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// returned reads, for each function of a testdata package, the texts its
// one string result may hold, as the effects layer reads them (a hole's
// reason as the only element when they are not all known).
func returned(t *testing.T, pkg string) map[string][]string {
	t.Helper()
	got := map[string][]string{}
	a := &analysis.Analyzer{
		Name:     "sqread",
		Doc:      "records the texts functions return",
		Requires: []*analysis.Analyzer{effects.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			e, _ := pass.ResultOf[effects.Analyzer].(*effects.Effects)
			for _, f := range pass.Files {
				for _, d := range f.Decls {
					decl, ok := d.(*ast.FuncDecl)
					if !ok || decl.Type.Results == nil || len(decl.Type.Results.List) != 1 {
						continue
					}
					fn := e.Func(decl)
					for _, b := range fn.Blocks {
						ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
						if !ok {
							continue
						}
						if _, isSlice := ret.Results[0].Type().(*types.Slice); isSlice {
							// The arguments: their string constants, by $n.
							consts := e.BoundConstants(ret.Results[0])
							var out []string
							for n := 1; n <= len(consts)+8; n++ {
								if c, ok := consts[n]; ok {
									out = append(out, fmt.Sprintf("$%d=%s", n, c))
								}
							}
							got[decl.Name.Name] = out
							continue
						}
						vs := e.Strings(ret.Results[0])
						if !vs.Known() {
							got[decl.Name.Name] = []string{"hole: " + vs.Hole}
							continue
						}
						var texts []string
						for _, v := range vs.Set {
							s, ok := v.Text()
							if !ok {
								s = withNumbers(v)
							}
							texts = append(texts, s)
						}
						slices.Sort(texts)
						got[decl.Name.Name] = texts
					}
				}
			}
			return nil, nil
		},
	}
	gopath := t.TempDir()
	_, file, _, _ := runtime.Caller(0)
	for _, src := range []string{filepath.Join(filepath.Dir(file), "testdata", "src"), filepath.Join(filepath.Dir(file), "..", "ruletest", "testdata", "src")} {
		if err := os.CopyFS(filepath.Join(gopath, "src"), os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
	}
	for _, res := range analysistest.Run(t, gopath, a, pkg) {
		if res.Err != nil {
			t.Fatal(res.Err)
		}
	}
	return got
}

// withNumbers writes a value whose parts are text and values bound at run
// time (effects.Part.Number) with # for each of the latter.
func withNumbers(v effects.Value) string {
	var b strings.Builder
	for _, p := range v.Parts {
		if p.Number {
			b.WriteString("#")
			continue
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

func toSQL(t *testing.T, b sq.Sqlizer) string {
	t.Helper()
	s, _, err := b.ToSql()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSquirrelMatchesSquirrel checks the text the effects layer reads from
// each builder's ToSql against the real squirrel's for the same chain.
func TestSquirrelMatchesSquirrel(t *testing.T) {
	psql := sq.StatementBuilder.PlaceholderFormat(sq.Dollar)
	var id int64 = 7
	want := map[string][]string{
		"Poll":       {toSQL(t, sq.Select("id").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(1).Suffix("FOR UPDATE SKIP LOCKED"))},
		"PollDollar": {toSQL(t, psql.Select("id", "payload").From("jobs").Where(sq.Eq{"status": "queued", "queue": "default"}).Where("run_at <= now()").OrderBy("run_at", "id").Limit(10).Suffix("FOR UPDATE SKIP LOCKED"))},
		"Take":       {toSQL(t, sq.Update("jobs").Set("status", "running").Set("locked_until", sq.Expr("now() + interval '5 minutes'")).Where(sq.Eq{"id": id}).PlaceholderFormat(sq.Dollar))},
		"Enqueue":    {toSQL(t, psql.Insert("jobs").Columns("kind", "payload", "status").Values("email", "{}", "queued").Suffix("RETURNING id"))},
		"Remove":     {toSQL(t, psql.Delete("jobs").Where(sq.Eq{"id": id, "status": "done"}))},
		"Field":      {toSQL(t, psql.Select("count(*)").From("jobs").Where(sq.NotEq{"status": "done"}).Where(sq.Lt{"attempts": 3}).GroupBy("queue"))},
		"Branch": {
			toSQL(t, psql.Select("id").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("id")),
			toSQL(t, psql.Select("id").From("jobs").Where(sq.Eq{"status": "queued"}).Where(sq.GtOrEq{"run_at": "2020-01-01"}).OrderBy("id")),
		},
		"NullState": {toSQL(t, psql.Select("id").From("jobs").Where(sq.Eq{"locked_by": nil}).Distinct())},
		// A list of one item is what the model reads for a list of any
		// length (one parameter stands for its items); an empty one is
		// (1=0) for Eq, which matches no row and is left out, and (1=1)
		// for NotEq, read as a variant.
		"In": {toSQL(t, psql.Select("id").From("jobs").Where(sq.Eq{"id": []int64{id}}))},
		"NotIn": {
			toSQL(t, psql.Select("id").From("jobs").Where(sq.NotEq{"status": []string{"done"}})),
			toSQL(t, psql.Select("id").From("jobs").Where(sq.NotEq{"status": []string{}})),
		},
		"Bytes": {toSQL(t, psql.Select("id").From("jobs").Where(sq.Eq{"payload": []byte("{}")}))},
		"Ack":   {toSQL(t, psql.Update("outbox").Set("published_at", time.Now()).Where(sq.Eq{"id": []int64{id}}).Where(sq.Eq{"published_at": nil}).Suffix("RETURNING id"))},
	}
	if empty := toSQL(t, psql.Select("id").From("jobs").Where(sq.Eq{"id": []int64{}})); empty != "SELECT id FROM jobs WHERE (1=0)" {
		t.Errorf("squirrel's Eq of an empty list: %q", empty)
	}
	got := returned(t, "sqcases")
	for name, texts := range want {
		slices.Sort(texts)
		if !slices.Equal(got[name], texts) {
			t.Errorf("%s:\n got %q\nwant %q", name, got[name], texts)
		}
	}
	// The string constants among the arguments, at the parameter each is
	// bound to.
	constArgs := func(b sq.Sqlizer) []string {
		_, args, err := b.ToSql()
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for i, a := range args {
			if s, ok := a.(string); ok {
				out = append(out, fmt.Sprintf("$%d=%s", i+1, s))
			}
		}
		return out
	}
	for name, b := range map[string]sq.Sqlizer{
		"TakeArgs":       sq.Update("jobs").Set("status", "running").Set("locked_until", sq.Expr("now() + interval '5 minutes'")).Where(sq.Eq{"id": id}).Where("queue = ?", "mail").PlaceholderFormat(sq.Dollar),
		"PollDollarArgs": psql.Select("id", "payload").From("jobs").Where(sq.Eq{"status": "queued", "queue": "default"}).Where("run_at <= now()").OrderBy("run_at", "id").Limit(10).Suffix("FOR UPDATE SKIP LOCKED"),
		"NullStateArgs":  psql.Select("id").From("jobs").Where(sq.Eq{"locked_by": nil, "status": "queued"}),
		"EnqueueArgs":    psql.Insert("jobs").Columns("kind", "payload", "status").Values("email", "{}", "queued").Suffix("RETURNING id"),
		// The list is one parameter of the text: the constants after it
		// are numbered from it.
		"InArgs": psql.Update("jobs").Set("status", "done").Where(sq.Eq{"id": []int64{id}}).Where("queue = ?", "mail"),
	} {
		if w := constArgs(b); !slices.Equal(got[name], w) || len(w) == 0 {
			t.Errorf("%s: bound constants\n got %q\nwant %q", name, got[name], w)
		}
	}
	for name, why := range map[string]string{
		"UnreadPointer":      "list, pointer or interface",
		"UnreadLtList":       "comparison with a list",
		"UnreadDynamicTable": "parameter",
		"UnreadMap":          "does not read",
		"UnreadSuffixArgs":   "Suffix with arguments",
	} {
		if g := got[name]; len(g) != 1 || !strings.HasPrefix(g[0], "hole: ") || !strings.Contains(g[0], why) {
			t.Errorf("%s: got %q, want a hole with %q", name, g, why)
		}
	}
}

// Builders started by a method of another module's database type whose
// signature is a StatementBuilder's (pgxdb's Select, Update, Insert,
// Delete) read as that StatementBuilder's, with $n placeholders; its
// From(table), which is no StatementBuilder method, stays a hole.
func TestSquirrelStartedByAnotherModule(t *testing.T) {
	psql := sq.StatementBuilder.PlaceholderFormat(sq.Dollar)
	var id int64 = 7
	want := map[string][]string{
		"Poll":    {toSQL(t, psql.Select("id", "payload").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(10).Suffix("FOR UPDATE SKIP LOCKED"))},
		"Take":    {toSQL(t, psql.Update("jobs").Set("status", "running").Where(sq.Eq{"id": id, "status": "queued"}))},
		"Enqueue": {toSQL(t, psql.Insert("jobs").Columns("kind", "status").Values("email", "queued"))},
		"Remove":  {toSQL(t, psql.Delete("jobs").Where(sq.Eq{"id": id}))},
		"AllOf":   {"hole: a squirrel builder made by From"},
	}
	got := returned(t, "sqdepstart")
	for name, texts := range want {
		if !slices.Equal(got[name], texts) {
			t.Errorf("%s:\n got %q\nwant %q", name, got[name], texts)
		}
	}
}

// TestSquirrelPackageVar checks builders started from a package variable
// of another package (its SquirrelVar fact) against the real squirrel's
// text, and that variables holding more than a placeholder format, or set
// again, stay unread.
func TestSquirrelPackageVar(t *testing.T) {
	builder := sq.StatementBuilder.PlaceholderFormat(sq.Dollar)
	var id int64 = 7
	want := map[string][]string{
		"Poll":        {toSQL(t, builder.Select("id", "payload").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(10).Suffix("FOR UPDATE SKIP LOCKED"))},
		"Take":        {toSQL(t, builder.Update("jobs").Set("status", "running").Where("id = ? AND status = ?", id, "queued"))},
		"PlainRemove": {toSQL(t, sq.StatementBuilder.Delete("jobs").Where(sq.Eq{"id": id}))},
		"Reformatted": {toSQL(t, sq.StatementBuilder.PlaceholderFormat(sq.Dollar).PlaceholderFormat(sq.Question).Delete("jobs").Where("id = ?", id))},
		"Scoped":      {"hole: a squirrel builder in a package variable of another package"},
		"Swapped":     {"hole: a squirrel builder in a package variable of another package"},
	}
	got := returned(t, "sqpkgvar")
	for name, texts := range want {
		if !slices.Equal(got[name], texts) {
			t.Errorf("%s:\n got %q\nwant %q", name, got[name], texts)
		}
	}
}
