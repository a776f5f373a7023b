// Package workers runs evaluations whose ids a Go channel feeds, one
// after the other: a worker killed mid-evaluation leaves it processing,
// and nothing in the module moves it back.
package workers

import (
	"context"
	"log"

	"example.com/runnerrecord/service"
)

func Run(ctx context.Context, ids <-chan string, svc *service.Service) {
	for id := range ids {
		// want +1 `this call runs Evaluate, which marks the job record "processing" before the work, and nothing in the module moves it back`
		if err := svc.Evaluate(ctx, id); err != nil {
			log.Printf("evaluation %s: %v", id, err)
		}
	}
}
