// Package store writes models with an UPDATE of its own, built from pop's
// model API (as applications on pop do to set a few columns with a row
// count check).
package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/gobuffalo/pop/v6"
	"github.com/gobuffalo/pop/v6/columns"
)

// SaveColumns writes the named columns of v, or every writeable one.
func SaveColumns(ctx context.Context, c *pop.Connection, v interface{}, names ...string) error {
	q, ok := c.Dialect.(interface{ Quote(string) string })
	if !ok {
		return errors.New("the dialect does not quote")
	}
	m := pop.NewModel(v, ctx)
	var cols columns.Columns
	if len(names) > 0 {
		cols = columns.NewColumnsWithAlias(m.TableName(), m.As, m.IDField())
		cols.Add(names...)
	} else {
		cols = columns.ForStructWithAlias(v, m.TableName(), m.As, m.IDField())
	}
	stmt := fmt.Sprintf("UPDATE %s AS %s SET %s WHERE %s",
		q.Quote(m.TableName()), m.Alias(), cols.Writeable().QuotedUpdateString(q), m.WhereNamedID())
	res, err := c.Store.NamedExecContext(ctx, stmt, v)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.New("no row")
	}
	return nil
}
