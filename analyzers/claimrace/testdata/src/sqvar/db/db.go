// Package db keeps the squirrel builder every store of the module starts
// its statements from.
package db

import sq "github.com/Masterminds/squirrel"

var Builder = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)
