// The worker is a subcommand held in a package-level variable, its action
// a function literal (as CLI frameworks declare commands): the claim loop
// it starts counts as the command's.
package main

import (
	"context"
	"os"

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
		q := runq.Open(pool)
		return q.Work(ctx) // want `q.Work starts a claim loop`
	},
}

func main() {
	for _, c := range []*command{workCmd} {
		if len(os.Args) > 1 && os.Args[1] == c.name {
			c.run(context.Background(), os.Args[2:])
		}
	}
}
