// squirrel: the batch is read with FOR UPDATE SKIP LOCKED and taken by an
// UPDATE of its ids (sq.Eq with a slice) in the same transaction, before
// the commit: another worker skips the locked rows.
package ok_sq_batch

import (
	"context"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

type Queue struct{ pool *pgxpool.Pool }

func (q *Queue) Take(ctx context.Context, n uint64) ([]int64, error) {
	tx, err := q.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	query, args, err := psql.Select("id").From("jobs").
		Where(sq.Eq{"status": "queued", "locked_by": nil}).
		OrderBy("run_at").Limit(n).Suffix("FOR UPDATE SKIP LOCKED").ToSql()
	if err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, query, args...)
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
	if _, err := tx.Exec(ctx, upd, uargs...); err != nil {
		return nil, err
	}
	return ids, tx.Commit(ctx)
}
