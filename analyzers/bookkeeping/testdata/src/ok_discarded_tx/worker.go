package ok_discarded_tx

import (
	"context"
	"log"

	"bktx"
)

// Work checks the completion's error, drops only the failure's, and
// drops the error of a write that logged it itself.
func Work(ctx context.Context, s *bktx.Store, handle func(int64) error) {
	id, err := s.Claim(ctx)
	if err != nil {
		return
	}
	if err := handle(id); err != nil {
		_ = s.FailTx(ctx, id, err.Error())
		return
	}
	if id%2 == 0 {
		_ = s.DoneTxLogged(ctx, id)
		return
	}
	if err := s.DoneTx(ctx, id); err != nil {
		log.Printf("job %d: done: %v", id, err)
	}
}
