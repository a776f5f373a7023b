// The command builds one poller on the pool and one in a transaction:
// what the field holds depends on the poller, which the tool does not
// follow, so it stays silent.
package main

import (
	"context"
	"database/sql"
	"log"

	"example.com/wiretx/db"
	"example.com/wiretx/poller"
)

type logPub struct{}

func (logPub) Publish(ctx context.Context, topic string, payload []byte) error {
	return nil
}

func main() {
	ctx := context.Background()
	pool, err := sql.Open("pgx", "postgres://")
	if err != nil {
		log.Fatal(err)
	}
	queries := db.New(pool)
	tx, err := pool.BeginTx(ctx, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer tx.Rollback()
	_ = poller.New(queries.WithTx(tx), logPub{}).Poll(ctx)
	if err := tx.Commit(); err != nil {
		log.Fatal(err)
	}
	_ = poller.New(queries, logPub{}).Poll(ctx)
}
