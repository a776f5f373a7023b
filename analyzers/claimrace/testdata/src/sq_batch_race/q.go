// squirrel: a batch of queued jobs read without a lock, then taken by an
// UPDATE of every id read (sq.Eq with a slice is an IN list), each
// statement committing on its own: two workers read the same batch and
// both run it.
package sq_batch_race

import (
	"context"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

type Queue struct{ pool *pgxpool.Pool }

func (q *Queue) Take(ctx context.Context, n uint64) ([]int64, error) {
	query, args, err := psql.Select("id").From("jobs").
		Where(sq.Eq{"status": "queued", "locked_by": nil}).
		OrderBy("run_at").Limit(n).ToSql()
	if err != nil {
		return nil, err
	}
	rows, err := q.pool.Query(ctx, query, args...) // want `two workers can claim the same job`
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	upd, uargs, err := psql.Update("jobs").Set("status", "running").Where(sq.Eq{"id": ids}).ToSql()
	if err != nil {
		return nil, err
	}
	if _, err := q.pool.Exec(ctx, upd, uargs...); err != nil {
		return nil, err
	}
	return ids, nil
}
