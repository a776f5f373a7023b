package jobrecord

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"jobrecord/store"
)

func Work(ctx context.Context, s *store.Store, ids <-chan int64, run func(int64) error) {
	for id := range ids {
		s.Set(ctx, id, store.Running)
		s.Touch(ctx, id)
		if err := run(id); err != nil {
			s.Set(ctx, id, store.Failed)
			continue
		}
		s.Set(ctx, id, store.Done)
	}
}

// Serve moves a job the same way, in an HTTP handler it registers: no
// worker.
func Serve(mux *http.ServeMux, s *store.Store, run func(int64) error) {
	mux.HandleFunc("/run", func(w http.ResponseWriter, r *http.Request) {
		id, _ := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
		s.Set(r.Context(), id, store.Running)
		if run(id) == nil {
			s.Set(r.Context(), id, store.Done)
		}
	})
}

// Twice moves two jobs: the outcome is another key's.
func Twice(ctx context.Context, s *store.Store, a, b int64, run func(int64) error) {
	for {
		s.Set(ctx, a, store.Running)
		if run(a) == nil {
			s.Set(ctx, b, store.Done)
		}
	}
}

// Once runs one job, called by no loop of its package: a command, not a
// worker, here; its callers in other packages are judged by its fact.
func Once(ctx context.Context, s *store.Store, id int64, run func(int64) error) { // want Once:"record runner public.jobs.status = running"
	s.Set(ctx, id, store.Running)
	if run(id) == nil {
		s.Set(ctx, id, store.Done)
	}
}

// Requeue puts the job back before running it: queued is the state jobs
// are created in, no running state.
func Requeue(ctx context.Context, s *store.Store, ids <-chan int64, run func(int64) error) {
	for id := range ids {
		s.Set(ctx, id, store.Queued)
		if run(id) == nil {
			s.Set(ctx, id, store.Done)
		}
	}
}

// Retry ends in no outcome: the job goes back to the queue.
func Retry(ctx context.Context, s *store.Store, ids <-chan int64, run func(int64) error) {
	for id := range ids {
		s.Set(ctx, id, store.Running)
		if run(id) != nil {
			s.Set(ctx, id, store.Queued)
		}
	}
}

// Decode runs nothing between the writes but decoding and the store's
// own calls: no job's work.
func Decode(ctx context.Context, s *store.Store, ids <-chan int64, raw []byte) {
	for id := range ids {
		s.Set(ctx, id, store.Running)
		var v map[string]any
		if err := json.Unmarshal(raw, &v); err != nil {
			s.Set(ctx, id, store.Failed)
			continue
		}
		if err := s.Touch(ctx, id); err != nil {
			s.Set(ctx, id, store.Failed)
			continue
		}
		s.Set(ctx, id, store.Done)
	}
}
