// The command runs the server package's scheduler: it calls no
// constructor of the worker itself, the server package judged the claim.
package main

import (
	"context"
	"database/sql"

	"schedhelperlib"
)

func main() {
	db, err := sql.Open("pgx", "postgres://")
	if err != nil {
		panic(err)
	}
	schedhelperlib.New(db).Run(context.Background())
}
