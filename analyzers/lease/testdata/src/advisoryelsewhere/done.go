// The job's outcome, recorded after its work: the claimed state is left
// again, so the claim holds the job in progress and needs a lease.
package advisoryelsewhere

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func DoneJobs(ctx context.Context, conn *pgx.Conn, id int64) error {
	_, err := conn.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}
