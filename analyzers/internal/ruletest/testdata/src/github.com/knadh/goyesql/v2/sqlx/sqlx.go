// Package sqlx is a stub of github.com/knadh/goyesql/v2/sqlx.
package sqlx

import (
	"github.com/jmoiron/sqlx"
	"github.com/knadh/goyesql/v2"
)

func ScanToStruct(obj interface{}, q goyesql.Queries, db *sqlx.DB) error { return nil }
