package worker

import (
	"context"

	"example.com/shop/service"
	st "example.com/shop/store"
)

const localDone = "done"

func run(ctx context.Context, svc *service.Service, s *st.Store, id int64, ok bool) {
	s.Move(ctx, id, st.StatusQueued, st.StatusRunning)
	status := st.StatusDone
	if !ok {
		status = st.StatusFailed
	}
	svc.SetStatus(ctx, id, status)
	s.Move(ctx, id, "running", localDone)
	s.Note(ctx, id, describe(ok))
}

func describe(ok bool) string { return "" }

// requeue moves a job back from whatever state its caller read.
func requeue(ctx context.Context, s *st.Store, id int64, from st.Status) {
	s.Move(ctx, id, from, st.StatusQueued)
}
