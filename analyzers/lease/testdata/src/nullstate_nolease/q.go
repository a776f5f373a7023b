// NULL as the state, claimed by writing the worker's name: no time at all.
package nullstate_nolease

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, worker string) (id int64, err error) {
	// want +1 `this claim moves the job to claimed \(claimed_by set\) and writes no lease deadline\n.*UPDATE tasks SET claimed_by = NULL WHERE claimed_by IS NOT NULL AND locked_until < now\(\)`
	err = pool.QueryRow(ctx, `UPDATE tasks SET claimed_by = $1
		WHERE id = (SELECT id FROM tasks WHERE claimed_by IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}
