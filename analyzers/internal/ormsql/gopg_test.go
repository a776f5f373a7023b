package ormsql_test

import (
	"strings"
	"testing"
	"time"

	"github.com/go-pg/pg/v10"
	"github.com/go-pg/pg/v10/orm"

	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql"
)

// The fixture's go-pg models, as the real go-pg sees them (QueueItem is
// the bun test's: go-pg reads no bun tag, and names it by default).
type pgJob struct {
	tableName struct{} `pg:"jobs,alias:j"`
	ID        int64
	Status    string
	RunAt     time.Time
	Attempts  int    `pg:"attempts_made"`
	Skip      string `pg:"-"`
}

type pgBuild struct {
	tableName struct{} `pg:"builds, alias:b"`
	BuildID   string   `pg:"build_id, pk"`
	Status    string   `pg:"status, use_zero"`
}

// formatted returns the SQL go-pg sends for a query, from its own
// formatter (no server needed).
func formatted(t *testing.T, kind string, q *orm.Query) string {
	t.Helper()
	var qa interface {
		AppendQuery(orm.QueryFormatter, []byte) ([]byte, error)
	}
	switch kind {
	case "select":
		qa = orm.NewSelectQuery(q)
	case "update":
		qa = orm.NewUpdateQuery(q, false)
	case "insert":
		qa = orm.NewInsertQuery(q)
	case "delete":
		qa = orm.NewDeleteQuery(q)
	}
	b, err := qa.AppendQuery(orm.NewFormatter(), nil)
	if err != nil {
		t.Fatalf("%s: %v", kind, err)
	}
	return string(b)
}

// The SQL the reader rebuilds is the SQL go-pg sends (see
// TestBunMatchesBun for how they are compared).
func TestGoPGMatchesGoPG(t *testing.T) {
	got := readAll(t, "gopgchains")
	db := pg.Connect(&pg.Options{})
	defer db.Close()
	var jobs []pgJob
	// A row whose every column has a value: go-pg writes DEFAULT (insert)
	// or NULL (update) for a zero one.
	full := func() *pgJob { return &pgJob{ID: 5, Status: "x", RunAt: time.Unix(1, 0), Attempts: 1} }
	want := map[string]string{
		"SelectClaim": formatted(t, "select", db.Model(&jobs).Where("status = ?", "queued").Order("run_at").Limit(1).For("UPDATE SKIP LOCKED")),
		"SelectClauses": formatted(t, "select", db.Model(&jobs).Column("id").Where("status = ?", "queued").WhereOr("x = 1").
			Order("run_at DESC", "id").OrderExpr("id ASC").Limit(1).Offset(2).For("UPDATE")),
		"UpdateSet":        formatted(t, "update", db.Model(full()).Set("status = ?", "running").Where("status = ?", "queued").WherePK().Returning("id, status")),
		"UpdateAll":        formatted(t, "update", db.Model(full()).WherePK()),
		"UpdateColumn":     formatted(t, "update", db.Model(full()).Column("status").WherePK()),
		"UpdateTable":      formatted(t, "update", db.Model().Table("jobs").Set("status = ?", "a").Where("id = ?", 1)),
		"Insert":           formatted(t, "insert", db.Model(full())),
		"DeleteWhere":      formatted(t, "delete", db.Model(full()).Where("id = ?", 3)),
		"DeletePK":         formatted(t, "delete", db.Model(full()).WherePK()),
		"DefaultNames":     formatted(t, "select", db.Model(&QueueItem{}).Where("id = ?", 3)),
		"TableExpr":        formatted(t, "select", db.Model().TableExpr("jobs AS j").ColumnExpr("j.id").Where("id = ?", 3)),
		"Text":             string(orm.NewFormatter().FormatQuery(nil, "UPDATE jobs SET status = ? WHERE id = ?", "a", 1)),
		"TextQuery":        string(orm.NewFormatter().FormatQuery(nil, "SELECT id FROM jobs WHERE status = ?", "queued")),
		"InTx":             formatted(t, "select", db.Model(&jobs).Where("status = ?", "queued")),
		"UpdateSpacedTags": formatted(t, "update", db.Model(&pgBuild{BuildID: "b1"}).Set("status = ?", "done").WherePK()),
	}
	compare(t, got, want)
}

func TestGoPGUnread(t *testing.T) {
	got := readAll(t, "gopgchains")
	for fn, why := range map[string]string{
		"Irregular":  "go-pg's plural of person",
		"Count":      "go-pg's Count is not read",
		"SelectInto": "go-pg's Select with values",
	} {
		rs := got[fn]
		if len(rs) != 1 || rs[0].Known || !strings.Contains(rs[0].Unread, why) {
			t.Errorf("%s: read %+v, want one unread statement: %s", fn, rs, why)
		}
	}
}

func TestGoPGHandle(t *testing.T) {
	got := readAll(t, "gopgchains")
	for fn, h := range map[string]ormsql.Handle{
		"SelectClaim":   ormsql.HandleAutocommit,
		"SelectClauses": ormsql.HandleTx,
		"InTx":          ormsql.HandleTx,
		"Text":          ormsql.HandleAutocommit,
	} {
		if rs := got[fn]; len(rs) != 1 || rs[0].Handle != h {
			t.Errorf("%s: %+v, want handle %v", fn, rs, h)
		}
	}
}

// An update of a model that names another table is read for bun only: its
// form in go-pg is not checked.
func TestGoPGModelWithTable(t *testing.T) {
	rs := readAll(t, "gopgchains")["UpdateModelTableExpr"]
	if len(rs) != 1 || rs[0].Known || !strings.Contains(rs[0].Unread, "Table with a model") {
		t.Errorf("read %+v, want one unread statement: Table with a model", rs)
	}
}
