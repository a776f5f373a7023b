// Package recordhops calls the store.
package recordhops

import (
	"context"

	"recordhops/store"
)

func Run(ctx context.Context, st *store.Store, id int64) error { // want Run:`record write public.jobs.status = done by arg 2`
	return st.SetStatus(ctx, id, "done")
}
