package ormsql_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/doug-martin/goqu/v9"
	_ "github.com/doug-martin/goqu/v9/dialect/postgres"
	"github.com/doug-martin/goqu/v9/exp"
)

type goquSQL interface {
	ToSQL() (string, []interface{}, error)
}

func goquText(t *testing.T, ds goquSQL) string {
	t.Helper()
	s, _, err := ds.ToSQL()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestGoquMatchesGoqu checks the text the effects layer reads from each
// dataset's ToSQL in testdata/src/gqcases against the real goqu's (v9.19,
// its postgres dialect registered) for the same chain. A value the code
// knows only at run time, which goqu writes into the text, is # in the
// reading (a bind parameter of its own) and the literal 'RUNTIME' in
// goqu's text.
func TestGoquMatchesGoqu(t *testing.T) {
	pg := goqu.Dialect("postgres")
	next := pg.From("jobs").Select("id").Where(goqu.C("status").Eq("pending")).Order(goqu.C("id").Asc()).Limit(1).ForUpdate(exp.SkipLocked)
	poll := pg.From("jobs").Select("id", "payload").Where(goqu.C("status").Eq("pending")).Order(goqu.C("run_at").Asc()).Limit(1).ForUpdate(exp.SkipLocked)
	runtime := func(s string) string { return strings.ReplaceAll(s, "'RUNTIME'", "#") }
	want := map[string][]string{
		"Poll":            {goquText(t, poll)},
		"PollPrepared":    {goquText(t, poll.Prepared(true))},
		"ClaimIn":         {goquText(t, pg.Update("jobs").Set(goqu.Record{"status": "running", "locked_at": goqu.L("now()")}).Where(goqu.C("id").In(next)).Returning("id", "payload"))},
		"ClaimEqPrepared": {goquText(t, pg.Update("jobs").Set(goqu.Record{"status": "running"}).Where(goqu.C("id").Eq(next)).Returning(goqu.C("id")).Prepared(true))},
		"TakeByID":        {runtime(goquText(t, pg.Update("jobs").Set(goqu.Record{"status": "running", "attempts": goqu.L("attempts + 1")}).Where(goqu.C("id").Eq("RUNTIME"), goqu.C("status").Eq("pending"))))},
		"ExMap":           {goquText(t, pg.From("jobs").Where(goqu.Ex{"status": "pending", "jobs.queue": "default", "locked_by": nil}, goqu.C("run_at").Lte(goqu.L("now()"))).Order(goqu.I("jobs.id").Desc()))},
		"OrAnd":           {goquText(t, pg.From("jobs").Where(goqu.Or(goqu.C("status").Eq("pending"), goqu.And(goqu.C("status").Eq("running"), goqu.C("locked_until").Lt(goqu.L("now()")))), goqu.C("dead").IsFalse(), goqu.C("kind").In("a", "b")))},
		"Enqueue":         {goquText(t, pg.Insert("jobs").Rows(goqu.Record{"kind": "email", "status": "pending", "priority": 3}).Returning(goqu.C("id")))},
		"Purge":           {goquText(t, pg.Delete("jobs").Where(goqu.C("status").Eq("done"), goqu.C("finished_at").Lt(goqu.L("now() - interval '1 day'"))).Returning("id"))},
		"Branch": {
			goquText(t, pg.From("jobs").Where(goqu.C("status").Neq("done"))),
			goquText(t, pg.From("jobs").Where(goqu.C("status").Neq("done")).ForNoKeyUpdate(exp.SkipLocked, goqu.T("jobs"))),
		},
		"Next":                {goquText(t, pg.From(goqu.T("outbox")).Where(goqu.C("sent_at").IsNull()).ForUpdate(exp.Wait).Limit(10))},
		"ListOfRunTimeLength": {runtime(goquText(t, pg.From("jobs").Where(goqu.C("id").In([]string{"RUNTIME"}), goqu.C("status").Eq("pending"))))},
		"OldestPerGroup":      {goquText(t, pg.From(goqu.T("actions")).Select(goqu.MIN(goqu.C("id")), goqu.COUNT("*")).GroupBy(goqu.C("index"), "document_id").Where(goqu.C("tries").Gt(0)))},
		"DefaultDialect":      {goquText(t, goqu.From("public.jobs").Where(goqu.C("status").Eq("it's")).Offset(5))},
	}
	got := returned(t, "gqcases")
	for name, texts := range want {
		slices.Sort(texts)
		if !slices.Equal(got[name], texts) {
			t.Errorf("%s:\n got %q\nwant %q", name, got[name], texts)
		}
	}
	// A prepared dataset binds its values in the order of its text.
	_, args, err := poll.Prepared(true).ToSQL()
	if err != nil {
		t.Fatal(err)
	}
	var consts []string
	for i, a := range args {
		if s, ok := a.(string); ok {
			consts = append(consts, fmt.Sprintf("$%d=%s", i+1, s))
		}
	}
	if g := got["PollPreparedArgs"]; !slices.Equal(g, consts) || len(consts) == 0 {
		t.Errorf("PollPreparedArgs: bound constants\n got %q\nwant %q", g, consts)
	}
	for name, why := range map[string]string{
		"DefaultPrepared": "default dialect",
		"MySQL":           "mysql dialect",
		"PreparedList":    "run-time length",
		"EqList":          "run-time length",
	} {
		if g := got[name]; len(g) != 1 || !strings.HasPrefix(g[0], "hole: ") || !strings.Contains(g[0], why) {
			t.Errorf("%s: got %q, want a hole with %q", name, g, why)
		}
	}
}
