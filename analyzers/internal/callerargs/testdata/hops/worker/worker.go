// Package worker chooses the states, some through a helper of its own.
package worker

import (
	"context"

	"example.com/hops/jobs"
	"example.com/hops/store"
)

type Worker struct{ st *store.Store }

func (w *Worker) Run(ctx context.Context, id int64) {
	_ = w.st.UpdateCrawlJobStatus(ctx, id, string(jobs.StatusRunning), "")
	if err := work(); err != nil {
		w.finish(ctx, id, jobs.StatusFailed, err.Error())
		return
	}
	w.finish(ctx, id, jobs.StatusDone, "")
}

// finish is an unexported hop that converts the typed constant.
func (w *Worker) finish(ctx context.Context, id int64, s jobs.Status, msg string) {
	_ = w.st.UpdateCrawlJobStatus(ctx, id, string(s), msg)
}

func work() error { return nil }
