// Package schema is a stub of github.com/uptrace/bun/schema: the types
// bun's API names through aliases.
package schema

type BaseModel struct{}

// QueryAppender is what a query writes itself with (its AppendQuery).
type QueryAppender interface {
	AppendQuery(fmter any, b []byte) ([]byte, error)
}
