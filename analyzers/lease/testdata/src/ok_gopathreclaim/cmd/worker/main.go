package main

import (
	"context"
	"database/sql"
	"os"
	"time"

	"ok_gopathreclaim/internal/store"
)

func main() {
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	st := &store.Store{DB: db}
	for range time.Tick(time.Minute) {
		st.RequeueExpired(context.Background())
	}
}
