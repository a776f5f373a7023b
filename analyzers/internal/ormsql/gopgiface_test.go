package ormsql_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/go-pg/pg/v10"
	"github.com/go-pg/pg/v10/orm"
)

// go-pg chains on pg.DBI and orm.DB, started with ModelContext, with the
// values Update, Insert and Delete scan into, and with a subquery: the SQL
// the reader rebuilds is what go-pg's own formatter writes.
func TestGoPGInterfaceMatchesGoPG(t *testing.T) {
	got := readAll(t, "gopgiface")
	db := pg.Connect(&pg.Options{})
	defer db.Close()
	ctx := context.Background()
	var dbi pg.DBI = db
	var jobs []pgJob
	full := func() *pgJob { return &pgJob{ID: 5, Status: "x", RunAt: time.Unix(1, 0), Attempts: 1} }
	var job pgJob
	want := map[string]string{
		"Claim":    formatted(t, "select", dbi.ModelContext(ctx, &jobs).Where("status = ?", "queued").Order("run_at").Limit(1).For("UPDATE SKIP LOCKED")),
		"Complete": formatted(t, "update", dbi.ModelContext(ctx, full()).Set("status = ?", "done").Where("status = ?", "running").WherePK()),
		"TakeNext": formatted(t, "update", dbi.ModelContext(ctx, &job).Set("status = ?", "running").
			Where("id = (?)", dbi.Model(new(pgJob)).Column("id").Where("status = ?", "queued").Order("id ASC").For("UPDATE SKIP LOCKED").Limit(1)).
			Returning("*")),
		"ClaimIn": formatted(t, "update", dbi.ModelContext(ctx, &job).Set("status = ?", "running").
			Where("id = (?)", dbi.Model(new(pgJob)).Column("id").Where("status = ?", "queued").WhereIn("queue IN (?)", []string{"mail"}).Order("id ASC").For("UPDATE SKIP LOCKED").Limit(1)).
			Returning("*")),
		"Enqueue": formatted(t, "insert", orm.DB(db).Model(full()).Returning("id")),
		"Remove":  formatted(t, "delete", db.Model(full()).WherePK().Returning("id")),
	}
	compare(t, got, want)
	if rs := got["UnreadWhereInLiteral"]; len(rs) != 1 || rs[0].Known || !strings.Contains(rs[0].Unread, "WhereIn of a slice literal") {
		t.Errorf("UnreadWhereInLiteral: read %+v, want one unread statement: WhereIn of a slice literal", rs)
	}
	if rs := got["UnreadSubquery"]; len(rs) != 1 || rs[0].Known || !strings.Contains(rs[0].Unread, "a go-pg subquery") {
		t.Errorf("UnreadSubquery: read %+v, want one unread statement: a go-pg subquery", rs)
	}
}
