// A store of another package than the builder's: an unlocked SELECT of
// the next job, then an UPDATE by id, each committing on its own.
package race

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"

	"sqvar/db"
)

type Store struct{ db *sql.DB }

func (s *Store) Next(ctx context.Context) (int64, error) {
	query, args, err := db.Builder.Select("id").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(1).ToSql()
	if err != nil {
		return 0, err
	}
	var id int64
	if err := s.db.QueryRowContext(ctx, query, args...).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	upd, uargs, err := db.Builder.Update("jobs").Set("status", "running").Where(sq.Eq{"id": id}).ToSql()
	if err != nil {
		return 0, err
	}
	_, err = s.db.ExecContext(ctx, upd, uargs...)
	return id, err
}
