// Package pgx is a stub of github.com/jackc/pgx/v5 with its Identifier.
package pgx

// Identifier is a PostgreSQL identifier or name; Sanitize quotes its parts
// and joins them with dots.
type Identifier []string

func (ident Identifier) Sanitize() string { return "" }
