// Package dbwrap wraps the queries each engine's sqlc package holds; this
// is the SQLite one.
package dbwrap

import (
	"context"
	"database/sql"
	"time"

	dbsqlite "runnerdoubles/db-sqlite"
	"runnerdoubles/store"
)

type Database struct{ DB *sql.DB }

func (d Database) ClaimDelivery(ctx context.Context) (store.Delivery, error) {
	id, body, err := dbsqlite.New(d.DB).ClaimDelivery(ctx)
	return store.Delivery{ID: id, Body: body}, err
}

func (d Database) MarkDelivered(ctx context.Context, id int64) error {
	return dbsqlite.New(d.DB).MarkDelivered(ctx, id)
}

func (d Database) MarkRetry(ctx context.Context, id int64, next time.Time) error {
	return dbsqlite.New(d.DB).GiveUp(ctx, id, next)
}
