package main

import (
	"context"
	"database/sql"
	"os/signal"
	"syscall"

	"accept_callertable_two"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	db, _ := sql.Open("pgx", "")
	s := accept_callertable_two.NewStore(db, "outbox")
	for ctx.Err() == nil {
		id, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := s.Sent(ctx, id); err != nil {
			continue
		}
	}
}
