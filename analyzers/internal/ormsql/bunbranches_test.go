package ormsql_test

import (
	"database/sql"
	"go/ast"
	"go/types"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

// A chain built otherwise on different paths is one statement per way,
// each the SQL bun sends that way.
func TestBunBranchesMatchBun(t *testing.T) {
	got := readAll(t, "bunbranches")
	db := bun.NewDB(&sql.DB{}, pgdialect.New())
	var jobs []bunBranchJob
	sel := func() *bun.SelectQuery { return db.NewSelect().Model(&jobs).Where("status = ?", "pending") }
	for fn, want := range map[string][]string{
		"ClaimFor": {
			sel().Order("run_at").Limit(1).String(),
			sel().Order("run_at").Limit(1).For("UPDATE SKIP LOCKED").String(),
		},
		"SetOutput": {
			db.NewUpdate().Table("jobs").Set("status = ?", "done").Where("id = ?", 7).String(),
			db.NewUpdate().Table("jobs").Set("status = ?", "done").Set("output = ?", "x").Where("id = ?", 7).String(),
		},
		"TwoBranches": {
			sel().Limit(1).String(),
			sel().Order("run_at").Limit(1).String(),
			sel().Limit(1).For("UPDATE SKIP LOCKED").String(),
			sel().Order("run_at").Limit(1).For("UPDATE SKIP LOCKED").String(),
		},
		"SameEitherWay": {sel().String()},
		// A way taken only when the database is not PostgreSQL is left out.
		"DialectAssert":    {sel().Order("run_at").Limit(1).For("UPDATE SKIP LOCKED").String()},
		"DialectName":      {sel().Order("run_at").Limit(1).For("UPDATE SKIP LOCKED").String()},
		"DialectOther":     {sel().Order("run_at").Limit(1).String()},
		"DialectNotAssert": {sel().Order("run_at").Limit(1).For("UPDATE SKIP LOCKED").String()},
		"OtherAssert": {
			sel().Order("run_at").Limit(1).String(),
			sel().Where("shard = 0").Order("run_at").Limit(1).String(),
		},
		"StoredTwice": {
			sel().Order("run_at").Limit(1).String(),
			sel().Order("run_at").Limit(1).For("UPDATE SKIP LOCKED").String(),
		},
		"OtherName": {
			sel().Order("run_at").Limit(1).String(),
			sel().Order("run_at").Limit(1).For("UPDATE SKIP LOCKED").String(),
		},
		"MySQLOnly": {
			sel().Order("run_at").Limit(1).String(),
			sel().Where("shard = 0").Order("run_at").Limit(1).String(),
		},
	} {
		rs := got[fn]
		if len(rs) != 1 || !rs[0].Known {
			t.Errorf("%s: read %+v, want one statement", fn, rs)
			continue
		}
		texts := []string{rs[0].SQL}
		for _, v := range rs[0].Variants {
			texts = append(texts, v.SQL)
		}
		var norm []string
		for _, s := range texts {
			norm = append(norm, placeholders(t, s))
		}
		var wantNorm []string
		for _, s := range want {
			wantNorm = append(wantNorm, placeholders(t, s))
		}
		if !sameSet(norm, wantNorm) {
			t.Errorf("%s:\n got %q\nwant %q", fn, norm, wantNorm)
		}
	}
	// The paths of SetOutput bind other values to $1, $2: each way keeps
	// its own arguments.
	so := got["SetOutput"][0]
	args := [][]string{exprs(so.Args)}
	for _, v := range so.Variants {
		args = append(args, exprs(v.Args))
	}
	if !sameSet([]string{strings.Join(args[0], ","), strings.Join(args[1], ",")}, []string{`"done",7`, `"done",output,7`}) {
		t.Errorf("SetOutput: arguments %q", args)
	}
}

// bunchains' Branch, a Where added under an if, was left unread ("out of
// sight") before chains were read per path: it is now two statements.
func TestBunBranchOfChainsIsTwoStatements(t *testing.T) {
	rs := readAll(t, "bunchains")["Branch"]
	if len(rs) != 1 || !rs[0].Known || len(rs[0].Variants) != 1 ||
		strings.Contains(rs[0].SQL, "WHERE") || !strings.Contains(rs[0].Variants[0].SQL, "WHERE (status = $1)") {
		t.Errorf("Branch: read %+v, want the SELECT without and with its WHERE", rs)
	}
}

func TestBunBranchesUnread(t *testing.T) {
	got := readAll(t, "bunbranches")
	for fn, why := range map[string]string{
		"InLoop":           "built in a loop",
		"DroppedOnABranch": "changed outside its chain",
		"Given":            "out of sight",
		"ManyWays":         "too many ways",
		"OneWayUnread":     `Order("lower(status)")`,
	} {
		rs := got[fn]
		if len(rs) != 1 || rs[0].Known || !strings.Contains(rs[0].Unread, why) {
			t.Errorf("%s: read %+v, want one unread statement: %s", fn, rs, why)
		}
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, s := range a {
		seen[s]++
	}
	for _, s := range b {
		seen[s]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}

func exprs(args []ast.Expr) []string {
	var out []string
	for _, a := range args {
		out = append(out, types.ExprString(a))
	}
	return out
}

// bunBranchJob is the fixture's Job as the real bun sees it.
type bunBranchJob struct {
	bun.BaseModel `bun:"table:jobs,alias:j"`
	ID            int64 `bun:",pk,autoincrement"`
	Status        string
	RunAt         time.Time
}
