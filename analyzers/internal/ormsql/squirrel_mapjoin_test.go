package ormsql_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	sq "github.com/Masterminds/squirrel"
)

// TestSquirrelSetMapJoinMatchesSquirrel checks SetMap (of an update and of
// an insert), the join methods and And/Or predicates against the real
// squirrel's text and arguments for the same chains.
func TestSquirrelSetMapJoinMatchesSquirrel(t *testing.T) {
	psql := sq.StatementBuilder.PlaceholderFormat(sq.Dollar)
	var id int64 = 7
	start := psql.Update("builds").SetMap(map[string]interface{}{"status": "started", "start_time": sq.Expr("now()"), "worker": "w1"}).Where(sq.Eq{"id": id, "status": "pending"})
	enqueue := psql.Insert("jobs").Columns("ignored").Values(1).SetMap(sq.Eq{"status": "queued", "payload": "{}", "run_at": sq.Expr("now()")}).Suffix("RETURNING id")
	enqueueArgs := psql.Insert("jobs").SetMap(map[string]interface{}{"status": "queued", "payload": "{}", "run_at": sq.Expr("now()")})
	joined := psql.Select("b.id").From("builds b").
		JoinClause("JOIN teams t ON t.id = b.team_id AND t.name = ?", "main").
		InnerJoin("jobs j ON j.id = b.job_id AND j.kind = ?", "check").
		Where(sq.Eq{"b.status": "pending"})
	either := psql.Select("id").From("jobs").Where(sq.Or{sq.Eq{"status": "queued"}, sq.And{sq.Eq{"status": "running"}, sq.Expr("locked_by = ?", "w1")}})
	want := map[string][]string{
		"Start":      {toSQL(t, start)},
		"Enqueue":    {toSQL(t, enqueue)},
		"FilledMap":  {toSQL(t, psql.Update("jobs").SetMap(map[string]interface{}{"finished_at": sq.Expr("now()"), "status": "failed"}).Where(sq.Eq{"id": id}))},
		"ExprValues": {toSQL(t, psql.Insert("jobs").Columns("status", "run_at").Values("queued", sq.Expr("now()")))},
		"PollJoined": {toSQL(t, psql.Select("b.id", "j.name").From("builds b").Join("jobs j ON b.job_id = j.id").LeftJoin("pipelines p ON j.pipeline_id = p.id").Where(sq.Eq{"b.status": "pending", "p.paused": false}).OrderBy("b.id").Suffix("FOR UPDATE OF b SKIP LOCKED"))},
		"OtherJoins": {toSQL(t, sq.Select("1").From("a").RightJoin("b ON a.id = b.a_id").CrossJoin("c"))},
		"Either":     {toSQL(t, psql.Select("id").From("jobs").Where(sq.Or{sq.Eq{"status": "queued"}, sq.And{sq.Eq{"status": "running"}, sq.Expr("locked_until < now()")}}).Where(sq.Lt{"attempts": 5}))},
	}
	got := returned(t, "sqmapjoin")
	for name, texts := range want {
		if !slices.Equal(got[name], texts) {
			t.Errorf("%s:\n got %q\nwant %q", name, got[name], texts)
		}
	}
	constArgs := func(b sq.Sqlizer) []string {
		_, args, err := b.ToSql()
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for i, a := range args {
			if s, ok := a.(string); ok && s != "{}" && s != "main" {
				out = append(out, fmt.Sprintf("$%d=%s", i+1, s))
			}
		}
		return out
	}
	for name, b := range map[string]sq.Sqlizer{"StartArgs": start, "EnqueueArgs": enqueueArgs, "JoinedArgs": joined, "EitherArgs": either} {
		if w := constArgs(b); !slices.Equal(got[name], w) || len(w) == 0 {
			t.Errorf("%s: bound constants\n got %q\nwant %q", name, got[name], w)
		}
	}
	for name, why := range map[string]string{
		"UnreadBranchMap": "filled on some branches only",
		"UnreadParamMap":  "a map the tool cannot follow",
		"UnreadPassedOn":  "a map passed on",
		"UnreadBuiltAnd":  "not a slice literal",
	} {
		if g := got[name]; len(g) != 1 || !strings.HasPrefix(g[0], "hole: ") || !strings.Contains(g[0], why) {
			t.Errorf("%s: got %q, want a hole with %q", name, g, why)
		}
	}
}
