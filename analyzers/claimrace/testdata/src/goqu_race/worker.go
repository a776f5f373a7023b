// goqu: the datasets' ToSQL texts passed to database/sql, an unlocked
// SELECT then an UPDATE by id, each committing on its own.
package goqu_race

import (
	"context"
	"database/sql"

	"github.com/doug-martin/goqu/v9"
)

var pg = goqu.Dialect("postgres")

func Claim(ctx context.Context, db *sql.DB) (int64, error) {
	poll, _, err := pg.From("jobs").Select("id").Where(goqu.C("status").Eq("queued")).Order(goqu.C("run_at").Asc()).Limit(1).ToSQL()
	if err != nil {
		return 0, err
	}
	var id int64
	if err := db.QueryRowContext(ctx, poll).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	take, _, err := pg.Update("jobs").Set(goqu.Record{"status": "running"}).Where(goqu.C("id").Eq(id)).ToSQL()
	if err != nil {
		return 0, err
	}
	_, err = db.ExecContext(ctx, take)
	return id, err
}
