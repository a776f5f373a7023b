package main

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"
	"time"

	"example.com/ok_methodvaluemod/internal/store"
	"example.com/ok_methodvaluemod/internal/worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	st := &store.Store{DB: db}
	go every(ctx, time.Minute, st.RequeueExpired)
	worker.Run(ctx, st, func([]byte) error { return nil })
}

func every(ctx context.Context, d time.Duration, task func(context.Context) (int64, error)) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(d):
			task(ctx)
		}
	}
}
