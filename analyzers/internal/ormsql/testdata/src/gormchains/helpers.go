package gormchains

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A store whose methods start their chains in a helper that gives the
// context and the model, as large applications write it.
type Store struct{ db *gorm.DB }

func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

func (s *Store) jobs(ctx context.Context) *gorm.DB {
	return s.db.WithContext(ctx).Model(&Job{})
}

// queued narrows any chain it is given to the jobs waiting to run.
func queued(q *gorm.DB) *gorm.DB { return q.Where("status = ?", "queued") }

// locked takes the rows it reads, skipping those another worker holds.
func locked(q *gorm.DB) *gorm.DB {
	return q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
}

func (s *Store) ClaimThroughHelper(ctx context.Context, jobs *[]Job) {
	locked(queued(s.jobs(ctx))).Order("run_at").Limit(10).Find(jobs)
}

func (s *Store) PollThroughHelper(ctx context.Context, jobs *[]Job) {
	queued(s.jobs(ctx)).Order("run_at").Limit(10).Find(jobs)
}

func (s *Store) MarkThroughHelper(ctx context.Context, id int64) {
	s.jobs(ctx).Where("id = ?", id).Update("status", "running")
}

// byQueue adds a condition on one path only: two statements.
func byQueue(q *gorm.DB, queue string) *gorm.DB {
	if queue != "" {
		q = q.Where("queue = ?", queue)
	}
	return q
}

func (s *Store) PollMaybeQueue(ctx context.Context, queue string, jobs *[]Job) {
	byQueue(s.jobs(ctx), queue).Where("status = ?", "queued").Find(jobs)
}

// Scopes: GORM calls them when the statement is sent, so their clauses
// follow the chain's.
func Waiting(db *gorm.DB) *gorm.DB { return db.Where("status = ?", "queued") }

func FirstN(n int) func(*gorm.DB) *gorm.DB {
	return func(db *gorm.DB) *gorm.DB { return db.Order("run_at").Limit(n) }
}

func SkipLocked(db *gorm.DB) *gorm.DB {
	return db.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
}

func ScopedPoll(db *gorm.DB, jobs *[]Job) {
	db.Model(&Job{}).Scopes(Waiting, FirstN(5)).Where("queue = ?", "mail").Find(jobs)
}

func ScopedClaim(db *gorm.DB, jobs *[]Job) {
	db.Model(&Job{}).Scopes(Waiting, SkipLocked).Find(jobs)
}

// nested adds a scope from inside a scope: GORM runs it after the others.
func nested(db *gorm.DB) *gorm.DB { return db.Scopes(Waiting).Where("queue = ?", "mail") }

func NestedScopes(db *gorm.DB, jobs *[]Job) {
	db.Model(&Job{}).Scopes(nested, FirstN(1)).Find(jobs)
}

func ScopeLiteral(db *gorm.DB, jobs *[]Job) {
	db.Model(&Job{}).Scopes(func(q *gorm.DB) *gorm.DB { return q.Where("attempts < ?", 3) }).Find(jobs)
}

// A scope that reads something the tool does not: the whole chain stays
// unread.
func ScopeOr(db *gorm.DB, jobs *[]Job) {
	db.Model(&Job{}).Scopes(func(q *gorm.DB) *gorm.DB { return q.Where("status = ?", "a").Or("status = ?", "b") }).Find(jobs)
}

// A scope chosen by the caller: not known.
func ScopeGiven(db *gorm.DB, scope func(*gorm.DB) *gorm.DB, jobs *[]Job) {
	db.Model(&Job{}).Scopes(scope).Find(jobs)
}

// A scope list given as a slice: not known.
func ScopesSlice(db *gorm.DB, jobs *[]Job) {
	scopes := []func(*gorm.DB) *gorm.DB{Waiting}
	db.Model(&Job{}).Scopes(scopes...).Find(jobs)
}

// A helper that calls itself: followed a few calls deep, then unread.
func deeper(q *gorm.DB, n int) *gorm.DB {
	if n == 0 {
		return q
	}
	return deeper(q.Where("attempts > ?", n), n-1)
}

func RecursiveHelper(db *gorm.DB, jobs *[]Job) { deeper(db.Model(&Job{}), 2).Find(jobs) }

// A scope a flag picks: not known which.
func pick(lock bool) func(*gorm.DB) *gorm.DB {
	if lock {
		return SkipLocked
	}
	return Waiting
}

func ScopeByFlag(db *gorm.DB, lock bool, jobs *[]Job) {
	db.Model(&Job{}).Scopes(pick(lock)).Find(jobs)
}

// A repository that prepares its chain once, in its constructor: a new
// session, which GORM copies for each statement sent on it.
type Prepared struct{ jobs *gorm.DB }

func NewPrepared(db *gorm.DB) *Prepared {
	return &Prepared{jobs: db.Model(&Job{}).Where("queue = ?", "mail").Session(&gorm.Session{})}
}

func (p *Prepared) PollPrepared(jobs *[]Job) *gorm.DB {
	return p.jobs.Where("status = ?", "queued").Find(jobs)
}

// Prepared without a new session: each statement adds its clauses to the
// chain in the field.
type Piling struct{ jobs *gorm.DB }

func NewPiling(db *gorm.DB) *Piling { return &Piling{jobs: db.Model(&Job{})} }

func (p *Piling) PollPiling(jobs *[]Job) *gorm.DB {
	return p.jobs.Where("status = ?", "queued").Find(jobs)
}

// Exec's SQL is the code's, whatever the chain before it says.
func ExecAfterChain(ctx context.Context, db *gorm.DB) {
	db.WithContext(ctx).Where("queue = ?", "mail").Exec("UPDATE jobs SET status = ? WHERE id = ?", "done", 5)
}
