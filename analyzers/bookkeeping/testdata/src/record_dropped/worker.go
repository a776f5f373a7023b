// A worker fed task ids by a channel marks each task processing, runs it,
// and writes the outcome it set in the task's Status, failed or
// completed, dropping that write's error: when recording the success
// fails, the finished task stays processing and nothing says why.
package record_dropped

import (
	"context"
	"log"

	"record_dropped/store"
)

func Work(ctx context.Context, s *store.Store, tasks <-chan *store.Task, run func(*store.Task) (string, error)) {
	for t := range tasks {
		if err := s.UpdateStatus(ctx, t.ID, store.StatusProcessing); err != nil {
			log.Print(err)
			continue
		}
		res, err := run(t)
		t.Attempts++
		if err != nil {
			t.Status = store.StatusFailed
			t.Error = err.Error()
		} else {
			t.Status = store.StatusCompleted
			t.Result = res
		}
		s.UpdateAfterProcessing(ctx, t) // want `the error of this completion is discarded`
	}
}

// Finish writes a completed outcome only, its error assigned to a blank.
func Finish(ctx context.Context, s *store.Store, tasks <-chan *store.Task, run func(*store.Task) error) {
	for t := range tasks {
		if err := s.UpdateStatus(ctx, t.ID, store.StatusProcessing); err != nil {
			continue
		}
		if err := run(t); err != nil {
			continue
		}
		t.Status = store.StatusCompleted
		_ = s.UpdateAfterProcessing(ctx, t) // want `the error of this completion is discarded`
	}
}
