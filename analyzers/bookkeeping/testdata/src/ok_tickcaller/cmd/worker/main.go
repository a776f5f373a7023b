package main

import (
	"context"
	"log"
	"time"

	"bkstore"
	"ok_tickcaller"
)

func main() {
	ctx := context.Background()
	w := &bkstore.W{}
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for range t.C {
		if err := ok_tickcaller.ProcessBatch(ctx, w); err != nil {
			log.Printf("batch: %v", err)
		}
	}
}
