// Package models is written in the shape sqlboiler v4 generates for a
// PostgreSQL table (its templates 00_struct, 13_all, 03_finishers,
// 16_update, 18_delete), cut down to what the reader reads: the table's
// name in the constructor's qm.From, the where helpers' quoted columns,
// the column lists and the UPDATE text.
package models

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/volatiletech/null/v8"
	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/drivers"
	"github.com/volatiletech/sqlboiler/v4/queries"
	"github.com/volatiletech/sqlboiler/v4/queries/qm"
	"github.com/volatiletech/sqlboiler/v4/queries/qmhelper"
	"github.com/volatiletech/strmangle"
)

var dialect = drivers.Dialect{LQ: 0x22, RQ: 0x22, UseIndexPlaceholders: true, UseDefaultKeyword: true}

func NewQuery(mods ...qm.QueryMod) *queries.Query {
	q := &queries.Query{}
	queries.SetDialect(q, &dialect)
	qm.Apply(q, mods...)
	return q
}

var TableNames = struct {
	OutboxJobs string
}{
	OutboxJobs: "outbox_jobs",
}

type OutboxJob struct {
	ID        int64       `boil:"id" json:"id"`
	Status    string      `boil:"status" json:"status"`
	RunAt     time.Time   `boil:"run_at" json:"run_at"`
	Attempts  int         `boil:"attempts" json:"attempts"`
	LockedBy  null.String `boil:"locked_by" json:"locked_by,omitempty"`
	CreatedAt time.Time   `boil:"created_at" json:"created_at"`
	UpdatedAt time.Time   `boil:"updated_at" json:"updated_at"`
}

var OutboxJobColumns = struct {
	ID        string
	Status    string
	RunAt     string
	Attempts  string
	LockedBy  string
	CreatedAt string
	UpdatedAt string
}{
	ID:        "id",
	Status:    "status",
	RunAt:     "run_at",
	Attempts:  "attempts",
	LockedBy:  "locked_by",
	CreatedAt: "created_at",
	UpdatedAt: "updated_at",
}

type whereHelperint64 struct{ field string }

func (w whereHelperint64) EQ(x int64) qm.QueryMod { return qmhelper.Where(w.field, qmhelper.EQ, x) }
func (w whereHelperint64) IN(slice []int64) qm.QueryMod {
	values := make([]interface{}, 0, len(slice))
	for _, value := range slice {
		values = append(values, value)
	}
	return qm.WhereIn(fmt.Sprintf("%s IN ?", w.field), values...)
}

type whereHelperstring struct{ field string }

func (w whereHelperstring) EQ(x string) qm.QueryMod  { return qmhelper.Where(w.field, qmhelper.EQ, x) }
func (w whereHelperstring) NEQ(x string) qm.QueryMod { return qmhelper.Where(w.field, qmhelper.NEQ, x) }

type whereHelpertime_Time struct{ field string }

func (w whereHelpertime_Time) LT(x time.Time) qm.QueryMod {
	return qmhelper.Where(w.field, qmhelper.LT, x)
}
func (w whereHelpertime_Time) LTE(x time.Time) qm.QueryMod {
	return qmhelper.Where(w.field, qmhelper.LTE, x)
}

type whereHelperint struct{ field string }

func (w whereHelperint) LT(x int) qm.QueryMod { return qmhelper.Where(w.field, qmhelper.LT, x) }

type whereHelpernull_String struct{ field string }

func (w whereHelpernull_String) EQ(x null.String) qm.QueryMod {
	return qmhelper.WhereNullEQ(w.field, false, x)
}
func (w whereHelpernull_String) IsNull() qm.QueryMod    { return qmhelper.WhereIsNull(w.field) }
func (w whereHelpernull_String) IsNotNull() qm.QueryMod { return qmhelper.WhereIsNotNull(w.field) }

var OutboxJobWhere = struct {
	ID        whereHelperint64
	Status    whereHelperstring
	RunAt     whereHelpertime_Time
	Attempts  whereHelperint
	LockedBy  whereHelpernull_String
	CreatedAt whereHelpertime_Time
	UpdatedAt whereHelpertime_Time
}{
	ID:        whereHelperint64{field: "\"outbox_jobs\".\"id\""},
	Status:    whereHelperstring{field: "\"outbox_jobs\".\"status\""},
	RunAt:     whereHelpertime_Time{field: "\"outbox_jobs\".\"run_at\""},
	Attempts:  whereHelperint{field: "\"outbox_jobs\".\"attempts\""},
	LockedBy:  whereHelpernull_String{field: "\"outbox_jobs\".\"locked_by\""},
	CreatedAt: whereHelpertime_Time{field: "\"outbox_jobs\".\"created_at\""},
	UpdatedAt: whereHelpertime_Time{field: "\"outbox_jobs\".\"updated_at\""},
}

var (
	outboxJobAllColumns        = []string{"id", "status", "run_at", "attempts", "locked_by", "created_at", "updated_at"}
	outboxJobPrimaryKeyColumns = []string{"id"}
)

type (
	OutboxJobSlice []*OutboxJob

	outboxJobQuery struct {
		*queries.Query
	}
)

type M map[string]interface{}

func OutboxJobs(mods ...qm.QueryMod) outboxJobQuery {
	mods = append(mods, qm.From("\"outbox_jobs\""))

	q := NewQuery(mods...)
	if len(queries.GetSelect(q)) == 0 {
		queries.SetSelect(q, []string{"\"outbox_jobs\".*"})
	}

	return outboxJobQuery{q}
}

func (q outboxJobQuery) One(ctx context.Context, exec boil.ContextExecutor) (*OutboxJob, error) {
	o := &OutboxJob{}
	queries.SetLimit(q.Query, 1)
	err := q.Bind(ctx, exec, o)
	if err != nil {
		return nil, err
	}
	return o, nil
}

func (q outboxJobQuery) All(ctx context.Context, exec boil.ContextExecutor) (OutboxJobSlice, error) {
	var o []*OutboxJob
	err := q.Bind(ctx, exec, &o)
	if err != nil {
		return nil, err
	}
	return o, nil
}

func (q outboxJobQuery) Count(ctx context.Context, exec boil.ContextExecutor) (int64, error) {
	var count int64
	queries.SetSelect(q.Query, nil)
	queries.SetCount(q.Query)
	err := q.Query.QueryRowContext(ctx, exec).Scan(&count)
	return count, err
}

func (q outboxJobQuery) UpdateAll(ctx context.Context, exec boil.ContextExecutor, cols M) (int64, error) {
	queries.SetUpdate(q.Query, cols)
	result, err := q.Query.ExecContext(ctx, exec)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected()
}

func (q outboxJobQuery) DeleteAll(ctx context.Context, exec boil.ContextExecutor) (int64, error) {
	queries.SetDelete(q.Query)
	result, err := q.Query.ExecContext(ctx, exec)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected()
}

func (o *OutboxJob) Update(ctx context.Context, exec boil.ContextExecutor, columns boil.Columns) (int64, error) {
	o.UpdatedAt = time.Now()
	wl := columns.UpdateColumnSet(
		outboxJobAllColumns,
		outboxJobPrimaryKeyColumns,
	)
	if !columns.IsWhitelist() {
		wl = strmangle.SetComplement(wl, []string{"created_at"})
	}
	if len(wl) == 0 {
		return 0, fmt.Errorf("models: unable to update outbox_jobs, could not build whitelist")
	}
	query := fmt.Sprintf("UPDATE \"outbox_jobs\" SET %s WHERE %s",
		strmangle.SetParamNames("\"", "\"", 1, wl),
		strmangle.WhereClause("\"", "\"", len(wl)+1, outboxJobPrimaryKeyColumns),
	)
	var values []interface{}
	var result sql.Result
	result, err := exec.ExecContext(ctx, query, values...)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected()
}

func (o *OutboxJob) Delete(ctx context.Context, exec boil.ContextExecutor) (int64, error) {
	args := []interface{}{o.ID}
	sql := "DELETE FROM \"outbox_jobs\" WHERE \"id\"=$1"
	result, err := exec.ExecContext(ctx, sql, args...)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected()
}

// A table with soft deletes: the constructor adds the deleted_at filter
// after the caller's mods, unless one of them is qm.WithDeleted.
type softJobQuery struct {
	*queries.Query
}

func SoftJobs(mods ...qm.QueryMod) softJobQuery {
	mods = append(mods, qm.From("\"soft_jobs\""), qmhelper.WhereIsNull("\"soft_jobs\".\"deleted_at\""))
	q := NewQuery(mods...)
	if len(queries.GetSelect(q)) == 0 {
		queries.SetSelect(q, []string{"\"soft_jobs\".*"})
	}
	return softJobQuery{q}
}

func (q softJobQuery) All(ctx context.Context, exec boil.ContextExecutor) ([]*OutboxJob, error) {
	var o []*OutboxJob
	err := q.Bind(ctx, exec, &o)
	return o, err
}
