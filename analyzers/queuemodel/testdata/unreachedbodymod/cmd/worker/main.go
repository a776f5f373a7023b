package main

import (
	"context"
	"database/sql"
	"os"

	"example.com/unreachedbodymod/internal/store"
)

func main() {
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	s := &store.Store{DB: db}
	for {
		if _, err := s.Claim(context.Background()); err != nil {
			return
		}
	}
}
