// Package postgres is a stub of gorm.io/driver/postgres with its names and
// signatures, for analysistest.
package postgres

import "gorm.io/gorm"

type Config struct {
	DSN string
}

type Dialector struct {
	*Config
}

func (Dialector) Name() string { return "postgres" }

func Open(dsn string) gorm.Dialector { return &Dialector{&Config{DSN: dsn}} }

func New(config Config) gorm.Dialector { return &Dialector{Config: &config} }
