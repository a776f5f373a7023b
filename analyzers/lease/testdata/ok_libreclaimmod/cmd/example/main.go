// Command example claims one job; running the reclaim is its users' choice.
package main

import (
	"context"
	"database/sql"
	"os"

	"example.com/ok_libreclaimmod/pgqueue"
)

func main() {
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	q := &pgqueue.Store{DB: db}
	q.Claim(context.Background())
}
