// Package event is a row of an outbox; Prepare gives its state the one
// the outbox creates events in.
package event

type Event struct {
	ID    int64
	Data  []byte
	State string
}

const Queued = "queued"

func (e *Event) Prepare() {
	if e.State == "" {
		e.State = Queued
	}
}
