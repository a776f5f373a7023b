// Package queries is a stub of github.com/volatiletech/sqlboiler/v4/queries.
package queries

import (
	"context"

	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/drivers"
)

type Query struct {
	from  []string
	limit *int
}

func SetDialect(q *Query, dialect *drivers.Dialect)            {}
func SetSelect(q *Query, sel []string)                         {}
func GetSelect(q *Query) []string                              { return nil }
func SetLimit(q *Query, limit int)                             {}
func SetCount(q *Query)                                        {}
func SetUpdate(q *Query, cols map[string]interface{})          {}
func SetDelete(q *Query)                                       {}
func AppendFrom(q *Query, from ...string)                      { q.from = append(q.from, from...) }
func AppendWhere(q *Query, clause string, args ...interface{}) {}

func (q *Query) Bind(ctx context.Context, exec boil.Executor, obj interface{}) error { return nil }
func (q *Query) ExecContext(ctx context.Context, exec boil.ContextExecutor) (interface{ RowsAffected() (int64, error) }, error) {
	return nil, nil
}
func (q *Query) QueryRowContext(ctx context.Context, exec boil.ContextExecutor) interface{ Scan(...interface{}) error } {
	return nil
}
