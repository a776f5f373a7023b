// Package bunbranches holds bun chains built otherwise on different paths;
// the test builds each way with the real bun and compares.
package bunbranches

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

type Job struct {
	bun.BaseModel `bun:"table:jobs,alias:j"`
	ID            int64 `bun:",pk,autoincrement"`
	Status        string
	RunAt         time.Time
}

// ClaimFor locks rows only where the dialect has FOR UPDATE.
func ClaimFor(ctx context.Context, tx bun.Tx, postgres bool) {
	var jobs []Job
	q := tx.NewSelect().Model(&jobs).Where("status = ?", "pending").Order("run_at").Limit(1)
	if postgres {
		q = q.For("UPDATE SKIP LOCKED")
	}
	q.Scan(ctx)
}

// SetOutput sets output only when there is one: the paths bind other
// values to $1.
func SetOutput(ctx context.Context, db *bun.DB, output string) {
	u := db.NewUpdate().Table("jobs").Set("status = ?", "done")
	if output != "" {
		u = u.Set("output = ?", output)
	}
	u.Where("id = ?", 7).Exec(ctx)
}

// TwoBranches adds a clause under each of two ifs: four ways.
func TwoBranches(ctx context.Context, db *bun.DB, postgres, oldest bool) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs).Where("status = ?", "pending")
	if oldest {
		q = q.Order("run_at")
	}
	q = q.Limit(1)
	if postgres {
		q = q.For("UPDATE SKIP LOCKED")
	}
	q.Scan(ctx)
}

// SameEitherWay builds the same statement on both paths: one statement.
func SameEitherWay(ctx context.Context, db *bun.DB, postgres bool) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs)
	if postgres {
		q = q.Where("status = ?", "pending")
	} else {
		q = q.Where("status = ?", "pending")
	}
	q.Scan(ctx)
}

// What the reader does not read.

func InLoop(ctx context.Context, db *bun.DB, states []string) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs)
	for _, s := range states {
		q = q.WhereOr("status = ?", s)
	}
	q.Scan(ctx) // unread: built in a loop
}

func DroppedOnABranch(ctx context.Context, db *bun.DB, postgres bool) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs).Limit(1)
	if postgres {
		q.For("UPDATE SKIP LOCKED")
	}
	q.Scan(ctx) // unread: changed outside its chain
}

func Given(ctx context.Context, q *bun.SelectQuery, postgres bool) {
	if postgres {
		q = q.For("UPDATE SKIP LOCKED")
	}
	q.Scan(ctx) // unread: out of sight
}

func ManyWays(ctx context.Context, db *bun.DB, a, b, c, d bool) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs)
	if a {
		q = q.Where("a = 1")
	}
	if b {
		q = q.Where("b = 1")
	}
	if c {
		q = q.Where("c = 1")
	}
	if d {
		q = q.Where("d = 1")
	}
	q.Scan(ctx) // unread: too many ways
}

func OneWayUnread(ctx context.Context, db *bun.DB, byName bool) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs).Order("run_at")
	if byName {
		q = q.Order("lower(status)")
	}
	q.Scan(ctx) // unread: one way is not read
}
