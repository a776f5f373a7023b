// The job's outcome, recorded after its work: the claimed state is left
// again, so the claim holds the job in progress and needs a lease.
package nullstate_nolease

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func DoneTasks(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM tasks WHERE id = $1`, id)
	return err
}
