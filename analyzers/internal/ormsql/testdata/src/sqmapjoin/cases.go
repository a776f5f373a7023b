// Package sqmapjoin holds squirrel builders with SetMap, joins and
// And/Or predicates, one per function, each returning the text its ToSql
// gives; the ormsql test renders the same builders with the real squirrel.
package sqmapjoin

import (
	"time"

	sq "github.com/Masterminds/squirrel"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

func Start(id int64, now time.Time) string {
	s, _, _ := psql.Update("builds").SetMap(map[string]interface{}{
		"status":     "started",
		"start_time": sq.Expr("now()"),
		"worker":     "w1",
	}).Where(sq.Eq{"id": id, "status": "pending"}).ToSql()
	return s
}

func StartArgs(id int64) []interface{} {
	_, args, _ := psql.Update("builds").SetMap(map[string]interface{}{
		"status":     "started",
		"start_time": sq.Expr("now()"),
		"worker":     "w1",
	}).Where(sq.Eq{"id": id, "status": "pending"}).ToSql()
	return args
}

func Enqueue(payload string) string {
	s, _, _ := psql.Insert("jobs").Columns("ignored").Values(1).SetMap(sq.Eq{
		"status":  "queued",
		"payload": payload,
		"run_at":  sq.Expr("now()"),
	}).Suffix("RETURNING id").ToSql()
	return s
}

func EnqueueArgs(payload string) []interface{} {
	_, args, _ := psql.Insert("jobs").SetMap(map[string]interface{}{
		"status":  "queued",
		"payload": payload,
		"run_at":  sq.Expr("now()"),
	}).ToSql()
	return args
}

func FilledMap(id int64) string {
	m := map[string]interface{}{}
	m["status"] = "done"
	m["finished_at"] = sq.Expr("now()")
	m["status"] = "failed"
	s, _, _ := psql.Update("jobs").SetMap(m).Where(sq.Eq{"id": id}).ToSql()
	return s
}

func ExprValues() string {
	s, _, _ := psql.Insert("jobs").Columns("status", "run_at").Values("queued", sq.Expr("now()")).ToSql()
	return s
}

func PollJoined() string {
	s, _, _ := psql.Select("b.id", "j.name").From("builds b").
		Join("jobs j ON b.job_id = j.id").
		LeftJoin("pipelines p ON j.pipeline_id = p.id").
		Where(sq.Eq{"b.status": "pending", "p.paused": false}).
		OrderBy("b.id").Suffix("FOR UPDATE OF b SKIP LOCKED").ToSql()
	return s
}

func JoinedArgs(team string) []interface{} {
	_, args, _ := psql.Select("b.id").From("builds b").
		JoinClause("JOIN teams t ON t.id = b.team_id AND t.name = ?", team).
		InnerJoin("jobs j ON j.id = b.job_id AND j.kind = ?", "check").
		Where(sq.Eq{"b.status": "pending"}).ToSql()
	return args
}

func OtherJoins() string {
	s, _, _ := sq.Select("1").From("a").RightJoin("b ON a.id = b.a_id").CrossJoin("c").ToSql()
	return s
}

func Either() string {
	s, _, _ := psql.Select("id").From("jobs").Where(sq.Or{
		sq.Eq{"status": "queued"},
		sq.And{sq.Eq{"status": "running"}, sq.Expr("locked_until < now()")},
	}).Where(sq.Lt{"attempts": 5}).ToSql()
	return s
}

func EitherArgs() []interface{} {
	_, args, _ := psql.Select("id").From("jobs").Where(sq.Or{
		sq.Eq{"status": "queued"},
		sq.And{sq.Eq{"status": "running"}, sq.Expr("locked_by = ?", "w1")},
	}).ToSql()
	return args
}

// Not read: a map filled on some branches only, a map given by a caller
// the tool does not follow, a join on an update.
func UnreadBranchMap(id int64, done bool) string {
	m := map[string]interface{}{"status": "running"}
	if done {
		m["status"] = "done"
	}
	s, _, _ := psql.Update("jobs").SetMap(m).Where(sq.Eq{"id": id}).ToSql()
	return s
}

func UnreadParamMap(m map[string]interface{}) string {
	s, _, _ := psql.Insert("jobs").SetMap(m).ToSql()
	return s
}

func UnreadPassedOn(id int64) string {
	m := map[string]interface{}{"status": "done"}
	fill(m)
	s, _, _ := psql.Update("jobs").SetMap(m).Where(sq.Eq{"id": id}).ToSql()
	return s
}

func fill(m map[string]interface{}) { m["status"] = "failed" }

func UnreadBuiltAnd(parts []sq.Sqlizer) string {
	s, _, _ := psql.Select("id").From("jobs").Where(sq.And(parts)).ToSql()
	return s
}
