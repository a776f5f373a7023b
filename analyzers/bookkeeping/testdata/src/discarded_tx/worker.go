package discarded_tx

import (
	"context"

	"bktx"
)

// Work drops the completion's error read by a Scan, and the Commit's of a
// transaction that completes the job.
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
		_ = s.DoneReturning(ctx, id) // want `the error of this completion is discarded`
		return
	}
	if id%3 == 0 {
		_ = s.DoneTxCommit(ctx, id) // want `the error of this completion is discarded`
		return
	}
	_ = s.DoneTx(ctx, id) // want `the error of this completion is discarded`
}
