// The server runs each poll in a transaction it commits after the marks:
// the Queries the poller holds are made with New(tx), and the rows the
// poll locks stay locked until they are marked.
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
	if err := db.New(pool).InsertOutboxEntry(ctx, "t", nil); err != nil {
		log.Fatal(err)
	}
	for ctx.Err() == nil {
		if err := pollOnce(ctx, pool); err != nil {
			log.Print(err)
		}
	}
}

func pollOnce(ctx context.Context, pool *sql.DB) error {
	tx, err := pool.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := poller.New(db.New(tx), logPub{}).Poll(ctx); err != nil {
		return err
	}
	return tx.Commit()
}
