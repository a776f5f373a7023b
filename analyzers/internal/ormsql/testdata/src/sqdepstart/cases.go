// Builders that a database module of another module (pgxdb) starts.
package sqdepstart

import (
	sq "github.com/Masterminds/squirrel"

	"example.com/platform/pgxdb"
)

var pg *pgxdb.Postgres

func Poll() string {
	s, _, _ := pg.Select("id", "payload").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(10).Suffix("FOR UPDATE SKIP LOCKED").ToSql()
	return s
}

func Take(id int64) string {
	s, _, _ := pg.Update("jobs").Set("status", "running").Where(sq.Eq{"id": id, "status": "queued"}).ToSql()
	return s
}

func Enqueue() string {
	s, _, _ := pg.Insert("jobs").Columns("kind", "status").Values("email", "queued").ToSql()
	return s
}

func Remove(id int64) string {
	s, _, _ := pg.Delete("jobs").Where(sq.Eq{"id": id}).ToSql()
	return s
}

// AllOf starts with the module's From, whose string is a table, not the
// columns of a StatementBuilder's Select.
func AllOf() string {
	s, _, _ := pg.From("jobs").Where(sq.Eq{"status": "queued"}).ToSql()
	return s
}
