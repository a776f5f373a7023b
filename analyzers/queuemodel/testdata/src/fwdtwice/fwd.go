package fwdtwice // want package:"queues\\(public.outbox\\)"

// Helpers over the outbox's Queries: which of them forward to one take.

import (
	"context"
	"errors"

	"fwdtwicedb"
)

// Deliver marks the event sent on each of its paths: one take, called
// twice on the same Queries.
func Deliver(ctx context.Context, q *fwdtwicedb.Queries, ev fwdtwicedb.Event) error { // want Deliver:"takes public.outbox on unknown \\(locked false\\)" Deliver:"completes jobs, returns a write's error"
	if len(ev.Body) == 0 {
		return q.MarkSent(ctx, ev.ID)
	}
	if err := send(ev.Body); err != nil {
		return err
	}
	return q.MarkSent(ctx, ev.ID)
}

// DeliverOrArchive sends the event or archives it: two takes, no one
// half.
func DeliverOrArchive(ctx context.Context, q *fwdtwicedb.Queries, ev fwdtwicedb.Event) error { // want DeliverOrArchive:"completes jobs, returns a write's error"
	if len(ev.Body) == 0 {
		return q.MarkArchived(ctx, ev.ID)
	}
	return q.MarkSent(ctx, ev.ID)
}

// DeliverBoth marks it on two Queries: no one handle.
func DeliverBoth(ctx context.Context, q, archive *fwdtwicedb.Queries, ev fwdtwicedb.Event) error { // want DeliverBoth:"completes jobs, returns a write's error"
	if err := q.MarkSent(ctx, ev.ID); err != nil {
		return err
	}
	return archive.MarkSent(ctx, ev.ID)
}

// FetchTwice reads a second batch when the first is empty: a poll called
// twice is no forwarded half.
func FetchTwice(ctx context.Context, q *fwdtwicedb.Queries) ([]fwdtwicedb.Event, error) { // want FetchTwice:"claims jobs"
	evs, err := q.FetchPending(ctx, 10)
	if err != nil || len(evs) > 0 {
		return evs, err
	}
	return q.FetchPending(ctx, 10)
}

func send(body []byte) error {
	if body == nil {
		return errors.New("nothing to send")
	}
	return nil
}
