// Package schema is a stub of github.com/uptrace/bun/schema: the types
// bun's API names through aliases.
package schema

import "github.com/uptrace/bun/dialect"

// Dialect is what a database's Dialect returns.
type Dialect interface {
	Name() dialect.Name
}

type BaseModel struct{}

// QueryAppender is what a query writes itself with (its AppendQuery).
type QueryAppender interface {
	AppendQuery(fmter any, b []byte) ([]byte, error)
}

// Safe is SQL text bun writes as it is; Ident and Name, quoted.
type (
	Safe  string
	Ident string
	Name  string
)
