// Package dialect is a stub of github.com/uptrace/bun/dialect.
package dialect

type Name int

const (
	Invalid Name = iota
	PG
	SQLite
	MySQL
	MSSQL
	Oracle
)
