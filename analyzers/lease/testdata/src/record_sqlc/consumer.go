// A consumer registered with a broker's client records each run in
// PostgreSQL through sqlc's queries. The broker forgets a message once it
// delivered it (no acknowledgement), so a consumer killed mid-run leaves
// the run running.
package record_sqlc

import (
	"context"
	"log"

	"record_sqlc/db"
)

// Subscriber is the broker's client.
type Subscriber interface {
	Subscribe(topic string, handle func(ctx context.Context, runID int64)) error
}

type Runner interface {
	Run(ctx context.Context, runID int64) error
}

func Register(sub Subscriber, q *db.Queries, r Runner) error {
	return sub.Subscribe("runs", func(ctx context.Context, runID int64) {
		// want +1 `this call marks the job record "running" before the work`
		if err := q.UpdateRunStatus(ctx, db.UpdateRunStatusParams{ID: runID, Status: "running"}); err != nil {
			log.Print(err)
			return
		}
		status := "succeeded"
		if err := r.Run(ctx, runID); err != nil {
			status = "failed"
		}
		if err := q.UpdateRunStatus(ctx, db.UpdateRunStatusParams{ID: runID, Status: status}); err != nil {
			log.Print(err)
		}
	})
}
