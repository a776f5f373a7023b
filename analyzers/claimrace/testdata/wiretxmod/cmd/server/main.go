// The server builds the Queries on a *sql.DB and hands them to the
// poller: each statement commits on its own.
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
	log.Printf("%s: %s", topic, payload)
	return nil
}

func main() {
	ctx := context.Background()
	pool, err := sql.Open("pgx", "postgres://")
	if err != nil {
		log.Fatal(err)
	}
	queries := db.New(pool)
	if err := queries.InsertOutboxEntry(ctx, "t", nil); err != nil {
		log.Fatal(err)
	}
	p := poller.New(queries, logPub{})
	for ctx.Err() == nil {
		if err := p.Poll(ctx); err != nil {
			log.Print(err)
		}
	}
}
