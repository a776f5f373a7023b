// Where a finding points: at the word the parser stopped at, when the
// literal's bytes are the SQL; at the literal when escapes shift them.
package errpos

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FORM jobs LIMIT 1)`) // want `SQL does not parse: syntax error at or near "jobs"\nPostgreSQL rejects this statement when it runs`
	return err
}

func Retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, "UPDATE jobs SET status = 'queued' WERE id = $1", id) // want `SQL does not parse: syntax error at or near "WERE"`
	return err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, "UPDATE jobs SET status = 'failed',\n\tattempts = attempts + 1 WERE id = $1", id) // want `SQL does not parse: syntax error at or near "WERE"`
	return err
}
