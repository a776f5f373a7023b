// record_hops with a sweep that puts rows left running for 15 minutes
// back (sqlc's RequeueStuck): a dead worker's job runs again.
package ok_record_hops

import (
	"context"
	"net/http"

	"ok_record_hops/jobs"
	"ok_record_hops/store"
)

type Worker struct {
	st  *store.Store
	ids <-chan int64
}

func (w *Worker) Run(ctx context.Context, urls map[int64]string) {
	for id := range w.ids {
		if err := w.st.UpdateCrawlJobStatus(ctx, id, string(jobs.StatusRunning), ""); err != nil {
			continue
		}
		resp, err := http.Get(urls[id])
		if err != nil {
			w.finish(ctx, id, jobs.StatusFailed, err.Error())
			continue
		}
		resp.Body.Close()
		w.finish(ctx, id, jobs.StatusDone, "")
	}
}

// finish records an outcome: an unexported hop that converts the typed
// state for the store.
func (w *Worker) finish(ctx context.Context, id int64, s jobs.Status, msg string) {
	_ = w.st.UpdateCrawlJobStatus(ctx, id, string(s), msg)
}
