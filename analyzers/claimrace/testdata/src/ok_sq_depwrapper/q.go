// The same queue taking the job in one statement: the UPDATE's WHERE
// keeps only a job still queued, and the code checks that it took one.
package ok_sq_depwrapper

import (
	"context"
	"errors"

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
	if err := r.pg.QueryRow(ctx, query, args...).Scan(&id); err != nil {
		return 0, err
	}
	upd, uargs, err := r.pg.Update("jobs").Set("status", "running").Where(sq.Eq{"id": id, "status": "queued"}).ToSql()
	if err != nil {
		return 0, err
	}
	tag, err := r.pg.Exec(ctx, upd, uargs...)
	if err != nil {
		return 0, err
	}
	if tag.RowsAffected() == 0 {
		return 0, errors.New("taken by another worker")
	}
	return id, nil
}
