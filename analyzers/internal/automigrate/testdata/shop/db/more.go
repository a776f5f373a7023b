package db

import "example.com/shop/models"

var tables = []any{&models.Outbox{}}

type migrator interface{ CreateTable(...any) error }

func More(m migrator) error { return m.CreateTable(tables...) }

func Mixed(db interface{ AutoMigrate(...any) error }, extra any) error {
	ms := []any{&models.Skipped{}}
	ms = append(ms, extra)
	return db.AutoMigrate(ms...)
}
