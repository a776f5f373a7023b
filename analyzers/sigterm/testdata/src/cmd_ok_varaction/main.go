// The same subcommand in a package-level variable, with SIGTERM handled in
// main.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"

	"runq"
)

type command struct {
	name string
	run  func(ctx context.Context, args []string) error
}

var workCmd = &command{
	name: "work",
	run: func(ctx context.Context, args []string) error {
		pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
		if err != nil {
			return err
		}
		return runq.Open(pool).Work(ctx)
	},
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	for _, c := range []*command{workCmd} {
		if len(os.Args) > 1 && os.Args[1] == c.name {
			c.run(ctx, os.Args[2:])
		}
	}
}
