// squirrel: a poll of pending builds joined to their jobs, unlocked, then
// a SetMap update by id that does not re-check the state, each committing
// on its own.
package sqmap_join_race

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

func StartNext(ctx context.Context, db *sql.DB, worker string) (int64, error) {
	poll := psql.Select("b.id").From("builds b").
		Join("jobs j ON j.id = b.job_id").
		LeftJoin("pipelines p ON p.id = j.pipeline_id").
		Where(sq.Eq{"b.status": "pending"}).
		OrderBy("b.id").Limit(1)
	var id int64
	err := poll.RunWith(db).QueryRowContext(ctx).Scan(&id) // want `two workers can claim the same job`
	if err != nil {
		return 0, err
	}
	_, err = psql.Update("builds").SetMap(map[string]interface{}{
		"status":     "started",
		"worker":     worker,
		"start_time": sq.Expr("now()"),
	}).Where(sq.Eq{"id": id}).RunWith(db).ExecContext(ctx)
	return id, err
}
