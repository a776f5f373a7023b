// Package boilmodels is written in the shape sqlboiler v4 generates for a
// PostgreSQL table of outgoing mail, cut down to the constructor, the
// where helpers, the query's finishers and the model's Update.
package boilmodels

import (
	"context"
	"fmt"
	"time"

	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/drivers"
	"github.com/volatiletech/sqlboiler/v4/queries"
	"github.com/volatiletech/sqlboiler/v4/queries/qm"
	"github.com/volatiletech/sqlboiler/v4/queries/qmhelper"
	"github.com/volatiletech/strmangle"
)

var dialect = drivers.Dialect{LQ: 0x22, RQ: 0x22, UseIndexPlaceholders: true}

func NewQuery(mods ...qm.QueryMod) *queries.Query {
	q := &queries.Query{}
	queries.SetDialect(q, &dialect)
	qm.Apply(q, mods...)
	return q
}

type OutgoingEmail struct {
	ID        int64     `boil:"id"`
	Recipient string    `boil:"recipient"`
	Status    string    `boil:"status"`
	SendAfter time.Time `boil:"send_after"`
	CreatedAt time.Time `boil:"created_at"`
}

var OutgoingEmailColumns = struct {
	ID        string
	Recipient string
	Status    string
	SendAfter string
	CreatedAt string
}{
	ID:        "id",
	Recipient: "recipient",
	Status:    "status",
	SendAfter: "send_after",
	CreatedAt: "created_at",
}

type whereHelperstring struct{ field string }

func (w whereHelperstring) EQ(x string) qm.QueryMod { return qmhelper.Where(w.field, qmhelper.EQ, x) }

type whereHelpertime_Time struct{ field string }

func (w whereHelpertime_Time) LT(x time.Time) qm.QueryMod {
	return qmhelper.Where(w.field, qmhelper.LT, x)
}

type whereHelperint64 struct{ field string }

func (w whereHelperint64) EQ(x int64) qm.QueryMod { return qmhelper.Where(w.field, qmhelper.EQ, x) }

var OutgoingEmailWhere = struct {
	ID        whereHelperint64
	Recipient whereHelperstring
	Status    whereHelperstring
	SendAfter whereHelpertime_Time
	CreatedAt whereHelpertime_Time
}{
	ID:        whereHelperint64{field: "\"outgoing_emails\".\"id\""},
	Recipient: whereHelperstring{field: "\"outgoing_emails\".\"recipient\""},
	Status:    whereHelperstring{field: "\"outgoing_emails\".\"status\""},
	SendAfter: whereHelpertime_Time{field: "\"outgoing_emails\".\"send_after\""},
	CreatedAt: whereHelpertime_Time{field: "\"outgoing_emails\".\"created_at\""},
}

var (
	outgoingEmailAllColumns        = []string{"id", "recipient", "status", "send_after", "created_at"}
	outgoingEmailPrimaryKeyColumns = []string{"id"}
)

type (
	OutgoingEmailSlice []*OutgoingEmail

	outgoingEmailQuery struct {
		*queries.Query
	}
)

func OutgoingEmails(mods ...qm.QueryMod) outgoingEmailQuery {
	mods = append(mods, qm.From("\"outgoing_emails\""))
	q := NewQuery(mods...)
	if len(queries.GetSelect(q)) == 0 {
		queries.SetSelect(q, []string{"\"outgoing_emails\".*"})
	}
	return outgoingEmailQuery{q}
}

func (q outgoingEmailQuery) One(ctx context.Context, exec boil.ContextExecutor) (*OutgoingEmail, error) {
	o := &OutgoingEmail{}
	queries.SetLimit(q.Query, 1)
	if err := q.Bind(ctx, exec, o); err != nil {
		return nil, err
	}
	return o, nil
}

func (q outgoingEmailQuery) All(ctx context.Context, exec boil.ContextExecutor) (OutgoingEmailSlice, error) {
	var o []*OutgoingEmail
	if err := q.Bind(ctx, exec, &o); err != nil {
		return nil, err
	}
	return o, nil
}

func (o *OutgoingEmail) Update(ctx context.Context, exec boil.ContextExecutor, columns boil.Columns) (int64, error) {
	wl := columns.UpdateColumnSet(outgoingEmailAllColumns, outgoingEmailPrimaryKeyColumns)
	if !columns.IsWhitelist() {
		wl = strmangle.SetComplement(wl, []string{"created_at"})
	}
	query := fmt.Sprintf("UPDATE \"outgoing_emails\" SET %s WHERE %s",
		strmangle.SetParamNames("\"", "\"", 1, wl),
		strmangle.WhereClause("\"", "\"", len(wl)+1, outgoingEmailPrimaryKeyColumns),
	)
	var values []interface{}
	result, err := exec.ExecContext(ctx, query, values...)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected()
}
