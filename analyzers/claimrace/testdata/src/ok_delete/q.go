// DELETE ... RETURNING: the job leaves the table as it is taken.
package ok_delete

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Next(ctx context.Context, pool *pgxpool.Pool) (body []byte, err error) {
	err = pool.QueryRow(ctx, `DELETE FROM work_items WHERE id = (
		SELECT id FROM work_items ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING body`).Scan(&body)
	return body, err
}
