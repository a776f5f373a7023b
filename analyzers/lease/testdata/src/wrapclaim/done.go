// The job's outcome, recorded after its work: the claimed state is left
// again, so the claim holds the job in progress and needs a lease.
package wrapclaim

import (
	"context"

	"wrapstore"
)

func DoneOutbox(ctx context.Context, s *wrapstore.Store, id int64) error {
	return s.Exec(ctx, `DELETE FROM outbox WHERE id = $1`, id)
}
