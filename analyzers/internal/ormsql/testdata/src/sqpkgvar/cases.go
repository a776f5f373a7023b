// Stores that start their builders from a package variable of the
// module's database package.
package sqpkgvar

import (
	sq "github.com/Masterminds/squirrel"

	"sqpkgvar/db"
)

func Poll() string {
	s, _, _ := db.Builder.Select("id", "payload").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(10).Suffix("FOR UPDATE SKIP LOCKED").ToSql()
	return s
}

func Take(id int64) string {
	s, _, _ := db.Builder.Update("jobs").Set("status", "running").Where("id = ? AND status = ?", id, "queued").ToSql()
	return s
}

func PlainRemove(id int64) string {
	s, _, _ := db.Plain.Delete("jobs").Where(sq.Eq{"id": id}).ToSql()
	return s
}

func Reformatted(id int64) string {
	s, _, _ := db.Reformatted.Delete("jobs").Where("id = ?", id).ToSql()
	return s
}

func Scoped() string {
	s, _, _ := db.Scoped.Select("id").From("jobs").ToSql()
	return s
}

func Swapped() string {
	s, _, _ := db.Swapped.Select("id").From("jobs").ToSql()
	return s
}
