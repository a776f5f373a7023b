// A crawler fed job ids by a channel (the ids travel through Redis before
// it) moves each job's row to running through the store, which passes the
// state on to sqlc's query, and records the outcome through a helper of
// its own. Nothing moves a running row back.
package record_hops

import (
	"context"
	"net/http"

	"record_hops/jobs"
	"record_hops/store"
)

type Worker struct {
	st  *store.Store
	ids <-chan int64
}

func (w *Worker) Run(ctx context.Context, urls map[int64]string) {
	for id := range w.ids {
		// want +1 `this call marks the job record "running" before the work`
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
