// The job's outcome, recorded after its work: the claimed state is left
// again, so the claim holds the job in progress and needs a lease.
package sqlcnolease

import "context"

const doneJobs = `-- name: Done :exec
DELETE FROM jobs WHERE id = $1
`

func (q *Queries) DoneJobs(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, doneJobs, id)
	return err
}
