// Package db keeps the module's squirrel builders for its stores.
package db

import sq "github.com/Masterminds/squirrel"

// Builder numbers its placeholders for PostgreSQL.
var Builder = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// Plain keeps squirrel's ? placeholders.
var Plain = sq.StatementBuilder

// Reformatted is the last PlaceholderFormat's: ? placeholders.
var Reformatted = sq.StatementBuilder.PlaceholderFormat(sq.Dollar).PlaceholderFormat(sq.Question)

// Scoped adds a condition to every statement it starts: not read.
var Scoped = sq.StatementBuilder.Where("tenant_id = ?", 1).PlaceholderFormat(sq.Dollar)

// Swapped is set again by Configure: not read.
var Swapped = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

func Configure(question bool) {
	if question {
		Swapped = sq.StatementBuilder
	}
}
