// Package sweeper puts back the jobs running for more than ten minutes.
package sweeper

import (
	"context"
	"time"

	"ok_record_goreset/store"
)

func Sweep(ctx context.Context, st *store.Store, push func(context.Context, string) error) error {
	jobs, err := st.All(ctx)
	if err != nil {
		return err
	}
	for _, j := range jobs {
		if j.Status == store.StatusRunning && time.Since(j.UpdatedAt) > 10*time.Minute {
			if err := st.SetStatus(ctx, j.ID, store.StatusPending); err != nil {
				return err
			}
			push(ctx, j.ID)
		}
	}
	return nil
}
