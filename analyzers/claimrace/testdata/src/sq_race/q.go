// squirrel: the builders' ToSql texts passed to database/sql, an unlocked
// SELECT then an UPDATE by id, each committing on its own.
package sq_race

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

func Claim(ctx context.Context, db *sql.DB) (int64, error) {
	query, args, err := psql.Select("id").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(1).ToSql()
	if err != nil {
		return 0, err
	}
	var id int64
	if err := db.QueryRowContext(ctx, query, args...).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	upd, uargs, err := psql.Update("jobs").Set("status", "running").Where(sq.Eq{"id": id}).ToSql()
	if err != nil {
		return 0, err
	}
	_, err = db.ExecContext(ctx, upd, uargs...)
	return id, err
}
