package main

import (
	"context"
	"log"
	"time"

	"bkstore"
	"tickcaller_stops"
)

func main() {
	ctx := context.Background()
	w := &bkstore.W{}
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for range t.C {
		if err := tickcaller_stops.ProcessBatch(ctx, w); err != nil {
			log.Fatalf("batch: %v", err)
		}
	}
}
