package main

import (
	"context"
	"database/sql"

	"example.com/docsmig/jobs"
)

func main() {
	pool, err := sql.Open("postgres", "")
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	_ = jobs.Enqueue(ctx, pool, "report")
	jobs.Work(ctx, pool)
}
