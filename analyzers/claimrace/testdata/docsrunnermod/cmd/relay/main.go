package main

import (
	"context"
	"database/sql"

	"example.com/docsrunner/db"
	"example.com/docsrunner/relay"
)

type printer struct{}

func (printer) Index(ctx context.Context, d db.Document) error { return nil }

func main() {
	pool, err := sql.Open("postgres", "")
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	if _, err := db.New(pool).CreateDocument(ctx, "report"); err != nil {
		panic(err)
	}
	relay.Run(ctx, pool, printer{})
}
