package main

import (
	"context"
	"log"
	"time"

	"bkstore"
	"ok_tickcaller_go"
)

type service struct{ w *bkstore.W }

func (s *service) start(ctx context.Context) {
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(5 * time.Second):
			}
			err := ok_tickcaller_go.ProcessBatch(ctx, s.w)
			if err != nil {
				log.Println("batch failed:", err)
				continue
			}
		}
	}()
}

func main() {
	ctx := context.Background()
	(&service{w: &bkstore.W{}}).start(ctx)
	select {}
}
