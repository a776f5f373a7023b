// squirrel: the SELECT takes the row lock with FOR UPDATE SKIP LOCKED and
// the UPDATE runs in the same transaction, before Commit.
package ok_sq_skiplocked

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

func Claim(ctx context.Context, db *sql.DB) (int64, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var id int64
	err = psql.Select("id").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(1).
		Suffix("FOR UPDATE SKIP LOCKED").RunWith(tx).QueryRow().Scan(&id)
	if err != nil {
		return 0, err
	}
	query, args, err := psql.Update("jobs").Set("status", "running").Where(sq.Eq{"id": id}).ToSql()
	if err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, query, args...); err != nil {
		return 0, err
	}
	return id, tx.Commit()
}

// An ordinary lookup elsewhere in the package.
func UserName(ctx context.Context, db *sql.DB, id int64) (string, error) {
	query, args, err := psql.Select("name").From("users").Where(sq.Eq{"id": id}).ToSql()
	if err != nil {
		return "", err
	}
	var name string
	err = db.QueryRowContext(ctx, query, args...).Scan(&name)
	return name, err
}
