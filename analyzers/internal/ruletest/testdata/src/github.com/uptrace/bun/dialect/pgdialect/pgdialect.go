// Package pgdialect is a stub of github.com/uptrace/bun/dialect/pgdialect.
package pgdialect

import "github.com/uptrace/bun/dialect"

type Dialect struct{}

func New() *Dialect { return &Dialect{} }

func (d *Dialect) Name() dialect.Name { return dialect.PG }
