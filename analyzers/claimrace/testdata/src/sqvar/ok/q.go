// A store of another package than the builder's that claims the next job
// in one statement: the UPDATE takes only a row still queued, locked
// with FOR UPDATE SKIP LOCKED.
package ok

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"

	"sqvar/db"
)

type Store struct{ db *sql.DB }

func (s *Store) Next(ctx context.Context) (int64, error) {
	pick := db.Builder.Select("id").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(1).Suffix("FOR UPDATE SKIP LOCKED")
	sub, subArgs, err := pick.ToSql()
	if err != nil {
		return 0, err
	}
	query, args, err := db.Builder.Update("jobs").Set("status", "running").Where("id = ("+sub+")", subArgs...).Suffix("RETURNING id").ToSql()
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.db.QueryRowContext(ctx, query, args...).Scan(&id)
	return id, err
}
