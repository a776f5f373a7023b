package worker

import (
	"context"

	"example.com/spread/audit"
	"example.com/spread/service"
	"example.com/spread/store"
)

func run(ctx context.Context, s *store.Store, svc *service.Service, log *audit.Log, id int64, labels []string, clear []string) {
	s.SetStatus(ctx, id, store.StatusDone)
	log.SetStatus(ctx, id, labels...)

	s.Transition(ctx, id, store.StatusRunning)
	s.Transition(ctx, id, store.StatusFailed, "lease_until")
	s.Transition(ctx, id, store.StatusDone, clear...)
	svc.Retry(ctx, id, store.StatusQueued)

	s.Finish(ctx, id, store.StatusDone)
	s.Finish(outcome(ctx, id))

	s.Record(ctx, id, store.StatusDone)
	log.Record(ctx, id)
}

func outcome(ctx context.Context, id int64) (context.Context, int64, store.Status) {
	return ctx, id, store.StatusFailed
}
