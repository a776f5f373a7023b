// Package gormbranches holds GORM chains built otherwise on different
// paths (a clause added under an if), as services write their polls and
// claims; the test runs each path through the real GORM and compares the
// statements with what the reader rebuilds.
package gormbranches

import (
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Task struct {
	ID    int64
	Kind  string
	State string
	Tries int
}

// Poll narrows the poll to a kind when it is given: two statements.
func Poll(db *gorm.DB, kind string, out *[]Task) {
	q := db.Model(&Task{}).Where("state = ?", "queued")
	if kind != "" {
		q = q.Where("kind = ?", kind)
	}
	q.Order("id").Limit(10).Find(out)
}

// ClaimKind locks on every path; only the condition differs.
func ClaimKind(db *gorm.DB, kind string) Task {
	var t Task
	q := db.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("state = ?", "queued").Order("id").Limit(1)
	if kind != "" {
		q = q.Where("kind = ?", kind)
	}
	q.Take(&t)
	return t
}

// ClaimMaybeLocked locks only when a flag says so: a rule would judge a
// lock the tool cannot say is taken, so the call stays unread.
func ClaimMaybeLocked(db *gorm.DB, lock bool) Task {
	var t Task
	q := db.Where("state = ?", "queued").Order("id").Limit(1)
	if lock {
		q = q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
	}
	q.Take(&t)
	return t
}

// ClaimOnPostgres locks unless the database is SQLite: on PostgreSQL the
// claim is the locked one.
func ClaimOnPostgres(db *gorm.DB) Task {
	var t Task
	q := db.Where("state = ?", "queued").Order("id").Limit(1)
	if db.Dialector.Name() != "sqlite" {
		q = q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
	}
	q.Take(&t)
	return t
}

// ClaimIfPostgres tests the name the other way.
func ClaimIfPostgres(db *gorm.DB) Task {
	var t Task
	q := db.Where("state = ?", "queued").Order("id").Limit(1)
	if db.Dialector.Name() == "postgres" {
		q = q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
	}
	q.Take(&t)
	return t
}

// ClaimByDriver asserts the driver's type.
func ClaimByDriver(db *gorm.DB) Task {
	var t Task
	q := db.Where("state = ?", "queued").Order("id").Limit(1)
	if _, ok := db.Dialector.(*postgres.Dialector); ok {
		q = q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
	}
	q.Take(&t)
	return t
}

// ClaimUnlessMySQL locks only on MySQL (where the code needs it, say):
// on PostgreSQL the claim is the unlocked one.
func ClaimUnlessMySQL(db *gorm.DB) Task {
	var t Task
	q := db.Where("state = ?", "queued").Order("id").Limit(1)
	if db.Dialector.Name() == "mysql" {
		q = q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
	}
	q.Take(&t)
	return t
}

// Finish writes the state, narrowed to the worker's own row when an owner
// is given.
func Finish(db *gorm.DB, id int64, owner string) {
	q := db.Model(&Task{}).Where("id = ?", id)
	if owner != "" {
		q = q.Where("owner = ?", owner)
	}
	q.Update("state", "done")
}

// Raws writes the text itself on each path: a text belongs to one way.
func Raws(db *gorm.DB, kind string, out *[]Task) {
	q := db.Raw("SELECT * FROM tasks WHERE state = ?", "queued")
	if kind != "" {
		q = db.Raw("SELECT * FROM tasks WHERE state = ? AND kind = ?", "queued", kind)
	}
	q.Scan(out)
}

// ClaimLockedInPlace adds its lock with the result dropped: GORM's chain
// value (not a new session) takes the clause itself, so the claim locks.
func ClaimLockedInPlace(db *gorm.DB) Task {
	var t Task
	q := db.Where("state = ?", "queued").Order("id").Limit(1)
	q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
	q.Take(&t)
	return t
}

// Page counts the rows of a listing, then reads a page of it: GORM's
// Count leaves the chain's statement as it found it.
func Page(db *gorm.DB, out *[]Task) int64 {
	var n int64
	q := db.Model(&Task{}).Where("state = ?", "queued")
	q.Count(&n)
	q.Order("id").Limit(5).Find(out)
	return n
}
