// squirrel: the same joined poll, and a SetMap update that moves the build
// only while it is still pending, the one that changed no row losing.
package ok_sqmap_guarded

import (
	"context"
	"database/sql"
	"errors"

	sq "github.com/Masterminds/squirrel"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

var errTaken = errors.New("build taken by another worker")

func StartNext(ctx context.Context, db *sql.DB, worker string) (int64, error) {
	var id int64
	err := psql.Select("b.id").From("builds b").
		Join("jobs j ON j.id = b.job_id").
		LeftJoin("pipelines p ON p.id = j.pipeline_id").
		Where(sq.Eq{"b.status": "pending"}).
		OrderBy("b.id").Limit(1).
		RunWith(db).QueryRowContext(ctx).Scan(&id)
	if err != nil {
		return 0, err
	}
	res, err := psql.Update("builds").SetMap(map[string]interface{}{
		"status":     "started",
		"worker":     worker,
		"start_time": sq.Expr("now()"),
	}).Where(sq.Eq{"id": id, "status": "pending"}).RunWith(db).ExecContext(ctx)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, errTaken
	}
	return id, nil
}
