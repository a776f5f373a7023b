// The job's outcome, recorded after its work: the claimed state is left
// again, so the claim holds the job in progress and needs a lease.
package sqlatomic

import (
	"context"

	"database/sql"
)

func DoneTasks(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `DELETE FROM tasks WHERE id = $1`, id)
	return err
}
