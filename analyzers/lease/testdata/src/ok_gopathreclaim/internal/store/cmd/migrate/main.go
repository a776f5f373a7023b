// Command migrate creates the schema; it runs no job.
package main

import (
	"database/sql"
	"os"
)

func main() {
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	db.Exec(`CREATE TABLE IF NOT EXISTS jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', locked_until timestamptz, payload jsonb NOT NULL)`)
}
