// A job queue on a shared database module over pgx (pgxdb, another
// module) that starts squirrel builders itself: an unlocked SELECT, then
// an UPDATE by id, each committing on its own.
package sq_depwrapper_race

import (
	"context"

	sq "github.com/Masterminds/squirrel"

	"example.com/platform/pgxdb"
)

type Repo struct{ pg *pgxdb.Postgres }

func (r *Repo) Next(ctx context.Context, limit uint64) (int64, error) {
	query, args, err := r.pg.Select("id").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(limit).ToSql()
	if err != nil {
		return 0, err
	}
	var id int64
	if err := r.pg.QueryRow(ctx, query, args...).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	upd, uargs, err := r.pg.Update("jobs").Set("status", "running").Where(sq.Eq{"id": id}).ToSql()
	if err != nil {
		return 0, err
	}
	_, err = r.pg.Exec(ctx, upd, uargs...)
	return id, err
}
