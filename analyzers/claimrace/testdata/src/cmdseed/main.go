// A worker command that claims by itself, the seed's way.
package main

import (
	"context"
	"database/sql"
	"log"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	for ctx.Err() == nil {
		var id int64
		if err := db.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil { // want `two workers can claim the same job`
			continue
		}
		db.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	}
}
