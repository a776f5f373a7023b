// Package quotedshapes quotes names with fmt's %q, which is strconv.Quote:
// the SQL quoting of a plain name (one with no double quote, backslash or
// unprintable character, as every name such code works with must be).
package quotedshapes

import "fmt"

const DefaultTable = "outbox_messages"

type store struct{ schema string }

// NewStore is given its schema by code out of sight (it asks the server
// for current_schema()).
func NewStore(schema string) *store { return &store{schema: schema} }

func (s *store) ShapeSprintfQuoted() string {
	return fmt.Sprintf(`SELECT id FROM %q.%q WHERE published = false ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED`, s.schema, DefaultTable)
}

// A store generic in its payload type: its methods are read like any
// other's.
type typedStore[T any] struct{ schema string }

func NewTypedStore[T any](schema string) *typedStore[T] { return &typedStore[T]{schema: schema} }

func (s *typedStore[T]) ShapeGenericMethod() string {
	return fmt.Sprintf(`UPDATE %q.%q SET published = true WHERE id = $1`, s.schema, DefaultTable)
}
