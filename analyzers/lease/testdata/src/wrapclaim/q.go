// A claim through a wrapper in another package, with no lease.
package wrapclaim

import (
	"context"

	"wrapstore"
)

func Claim(ctx context.Context, s *wrapstore.Store) error {
	// want +1 `moves the job to 'sending' and writes no lease deadline`
	return s.Exec(ctx, `UPDATE outbox SET state = 'sending' WHERE id IN (
		SELECT id FROM outbox WHERE state = 'pending' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED)`)
}
