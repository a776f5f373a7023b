// Package bunbranches holds bun chains built otherwise on different paths;
// the test builds each way with the real bun and compares.
package bunbranches

import (
	"context"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"
	"github.com/uptrace/bun/dialect/pgdialect"
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

// Paths taken only when the database is not PostgreSQL are left out.

// DialectAssert locks rows only on PostgreSQL, tested outside the
// transaction's closure: one statement, the locking one.
func DialectAssert(ctx context.Context, db *bun.DB) {
	_, isPostgres := db.Dialect().(*pgdialect.Dialect)
	db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var jobs []Job
		q := tx.NewSelect().Model(&jobs).Where("status = ?", "pending").Order("run_at").Limit(1)
		if isPostgres {
			q = q.For("UPDATE SKIP LOCKED")
		}
		return q.Scan(ctx)
	})
}

func DialectName(ctx context.Context, db *bun.DB) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs).Where("status = ?", "pending").Order("run_at").Limit(1)
	if db.Dialect().Name() == dialect.PG {
		q = q.For("UPDATE SKIP LOCKED")
	}
	q.Scan(ctx)
}

// DialectOther adds a clause for the other databases only.
func DialectOther(ctx context.Context, db *bun.DB) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs).Where("status = ?", "pending").Order("run_at").Limit(1)
	if db.Dialect().Name() != dialect.PG {
		q = q.Where("shard = 0")
	}
	q.Scan(ctx)
}

// DialectNotAssert: the same, with the test negated.
func DialectNotAssert(ctx context.Context, db *bun.DB) {
	var jobs []Job
	_, pg := db.Dialect().(*pgdialect.Dialect)
	q := db.NewSelect().Model(&jobs).Where("status = ?", "pending").Order("run_at").Limit(1)
	if !pg {
		q = q.Where("shard = 0")
	} else {
		q = q.For("UPDATE SKIP LOCKED")
	}
	q.Scan(ctx)
}

// MySQLOnly tests another dialect: both ways are read.
func MySQLOnly(ctx context.Context, db *bun.DB) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs).Where("status = ?", "pending").Order("run_at").Limit(1)
	if db.Dialect().Name() == dialect.MySQL {
		q = q.Where("shard = 0")
	}
	q.Scan(ctx)
}

// OtherAssert tests a type that is no PostgreSQL dialect: both ways.
func OtherAssert(ctx context.Context, db *bun.DB) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs).Where("status = ?", "pending").Order("run_at").Limit(1)
	if _, ok := db.Dialect().(interface{ Tables() []string }); ok {
		q = q.Where("shard = 0")
	}
	q.Scan(ctx)
}

// StoredTwice keeps the test in a variable set twice: which value it
// holds is not known, both ways are read.
func StoredTwice(ctx context.Context, db *bun.DB, force bool) {
	isPostgres := force
	if !force {
		_, isPostgres = db.Dialect().(*pgdialect.Dialect)
	}
	db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var jobs []Job
		q := tx.NewSelect().Model(&jobs).Where("status = ?", "pending").Order("run_at").Limit(1)
		if isPostgres {
			q = q.For("UPDATE SKIP LOCKED")
		}
		return q.Scan(ctx)
	})
}

// replica names the dialect its copies run on, which is not the
// database this code talks to.
type replica struct{ dialect dialect.Name }

func (r replica) Name() dialect.Name { return r.dialect }

func OtherName(ctx context.Context, db *bun.DB, r replica) {
	var jobs []Job
	q := db.NewSelect().Model(&jobs).Where("status = ?", "pending").Order("run_at").Limit(1)
	if r.Name() == dialect.PG {
		q = q.For("UPDATE SKIP LOCKED")
	}
	q.Scan(ctx)
}
