// The claim's SQL is built at run time: the tool cannot see it and says nothing.
package ok_dynamic

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, table string) (int64, error) {
	var id int64
	if err := pool.QueryRow(ctx, fmt.Sprintf(`SELECT id FROM %s WHERE status = 'queued' ORDER BY id LIMIT 1`, table)).Scan(&id); err != nil {
		return 0, err
	}
	_, err := pool.Exec(ctx, fmt.Sprintf(`UPDATE %s SET status = 'running' WHERE id = $1`, table), id)
	return id, err
}
