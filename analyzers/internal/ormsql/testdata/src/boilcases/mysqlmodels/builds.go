// Package mysqlmodels is in the shape sqlboiler generates for MySQL:
// backquoted names and ? parameters, which PostgreSQL does not read.
package mysqlmodels

import (
	"context"

	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/drivers"
	"github.com/volatiletech/sqlboiler/v4/queries"
	"github.com/volatiletech/sqlboiler/v4/queries/qm"
	"github.com/volatiletech/sqlboiler/v4/queries/qmhelper"
)

var dialect = drivers.Dialect{LQ: 0x60, RQ: 0x60, UseIndexPlaceholders: false, UseLastInsertID: true}

func NewQuery(mods ...qm.QueryMod) *queries.Query {
	q := &queries.Query{}
	queries.SetDialect(q, &dialect)
	qm.Apply(q, mods...)
	return q
}

type whereHelperstring struct{ field string }

func (w whereHelperstring) EQ(x string) qm.QueryMod { return qmhelper.Where(w.field, qmhelper.EQ, x) }

var BuildWhere = struct {
	Status whereHelperstring
}{
	Status: whereHelperstring{field: "`builds`.`status`"},
}

type buildQuery struct {
	*queries.Query
}

type Build struct {
	ID     string `boil:"id"`
	Status string `boil:"status"`
}

func Builds(mods ...qm.QueryMod) buildQuery {
	mods = append(mods, qm.From("`builds`"))
	q := NewQuery(mods...)
	if len(queries.GetSelect(q)) == 0 {
		queries.SetSelect(q, []string{"`builds`.*"})
	}
	return buildQuery{q}
}

func (q buildQuery) All(ctx context.Context, exec boil.ContextExecutor) ([]*Build, error) {
	var o []*Build
	err := q.Bind(ctx, exec, &o)
	return o, err
}
