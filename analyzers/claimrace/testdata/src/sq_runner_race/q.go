// squirrel's own runners: an unlocked SELECT then an UPDATE by id, run
// with RunWith on a *sql.DB.
package sq_runner_race

import (
	"database/sql"

	sq "github.com/Masterminds/squirrel"
)

func Claim(db *sql.DB) (int64, error) {
	var id int64
	err := sq.Select("id").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(1).PlaceholderFormat(sq.Dollar).RunWith(db).QueryRow().Scan(&id) // want `two workers can claim the same job`
	if err != nil {
		return 0, err
	}
	_, err = sq.Update("jobs").Set("status", "running").Where(sq.Eq{"id": id}).PlaceholderFormat(sq.Dollar).RunWith(db).Exec()
	return id, err
}
