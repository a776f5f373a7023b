// Package dbconn opens PostgreSQL in production and SQLite on a laptop,
// through GORM's dialectors; the SQLite one is not gorm.io's own.
package dbconn

import (
	"github.com/glebarez/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
)

func Open(dsn string, local bool) (*gorm.DB, error) {
	if local {
		return gorm.Open(sqlite.Open(dsn))
	}
	return gorm.Open(postgres.Open(dsn))
}
