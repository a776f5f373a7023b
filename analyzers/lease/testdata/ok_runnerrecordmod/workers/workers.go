// Package workers runs evaluations whose ids a Go channel feeds, one
// after the other. A reaper package that nothing imports puts back the
// evaluations left processing.
package workers

import (
	"context"
	"log"

	"example.com/okrunnerrecord/service"
)

func Run(ctx context.Context, ids <-chan string, svc *service.Service) {
	for id := range ids {
		if err := svc.Evaluate(ctx, id); err != nil {
			log.Printf("evaluation %s: %v", id, err)
		}
	}
}
