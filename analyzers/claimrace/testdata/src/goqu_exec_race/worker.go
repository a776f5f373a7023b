// goqu's own executor on a goqu.Database (each statement commits on its
// own): an unlocked SELECT then an UPDATE by id.
package goqu_exec_race

import (
	"database/sql"

	"github.com/doug-martin/goqu/v9"
)

type Queue struct{ db *goqu.Database }

func New(db *sql.DB) *Queue { return &Queue{db: goqu.New("postgres", db)} }

func (q *Queue) Claim() (int64, error) {
	var id int64
	found, err := q.db.From("jobs").Select("id").Where(goqu.Ex{"status": "queued"}).Order(goqu.C("id").Asc()).Limit(1).ScanVal(&id) // want `two workers can claim the same job`
	if err != nil || !found {
		return 0, err
	}
	_, err = q.db.Update("jobs").Set(goqu.Record{"status": "running"}).Where(goqu.C("id").Eq(id)).Executor().Exec()
	return id, err
}
