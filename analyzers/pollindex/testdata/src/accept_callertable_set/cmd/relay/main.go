package main

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"

	"accept_callertable_set"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	db, _ := sql.Open("pgx", "")
	s := accept_callertable_set.NewStore(db, "outbox")
	if len(os.Args) > 1 && os.Args[1] == "archive" {
		s.Move("outbox_archive")
	}
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
