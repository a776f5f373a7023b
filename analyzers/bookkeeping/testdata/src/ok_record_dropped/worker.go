// The worker of record_dropped, which logs the outcome write's error;
// and one that drops only the write of a failure: the task stays
// processing, and did not succeed.
package ok_record_dropped

import (
	"context"
	"log"

	"ok_record_dropped/store"
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
		if err := s.UpdateAfterProcessing(ctx, t); err != nil {
			log.Printf("task %d: recording its outcome: %v", t.ID, err)
		}
	}
}

func FailOnly(ctx context.Context, s *store.Store, tasks <-chan *store.Task, run func(*store.Task) error) {
	for t := range tasks {
		if err := s.UpdateStatus(ctx, t.ID, store.StatusProcessing); err != nil {
			continue
		}
		if err := run(t); err != nil {
			t.Status = store.StatusFailed
			t.Error = err.Error()
			_ = s.UpdateAfterProcessing(ctx, t)
			continue
		}
		t.Status = store.StatusCompleted
		if err := s.UpdateAfterProcessing(ctx, t); err != nil {
			log.Print(err)
		}
	}
}
