// Package pool serves a batch endpoint: the client posts job ids and
// waits while each is handed to the Processor in turn. The loop runs one
// request's jobs, not job after job as a worker does.
package pool

import (
	"context"
	"net/http"
	"time"
)

type Processor interface {
	ProcessJob(ctx context.Context, id string)
}

type Batch struct{ proc Processor }

func (b *Batch) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	for _, id := range r.URL.Query()["id"] {
		b.proc.ProcessJob(r.Context(), id)
	}
}

// Backoff is the delay before a job's next attempt.
func Backoff(attempts int) time.Duration { return time.Duration(attempts) * time.Second }
