// Package pgtype is a stub of github.com/jackc/pgx/v5/pgtype for
// analysistest: the names jobqlint matches (as in pgx v5.13), with no
// behaviour.
package pgtype

import "time"

type InfinityModifier int8

// Timestamptz is a timestamptz value that may be NULL, as sqlc generates
// for a nullable column.
type Timestamptz struct {
	Time             time.Time
	InfinityModifier InfinityModifier
	Valid            bool
}

type Timestamp struct {
	Time             time.Time
	InfinityModifier InfinityModifier
	Valid            bool
}

// Text is a text value that may be NULL, as sqlc generates for a
// nullable text column.
type Text struct {
	String string
	Valid  bool
}

// Int4 is an integer that may be NULL.
type Int4 struct {
	Int32 int32
	Valid bool
}
