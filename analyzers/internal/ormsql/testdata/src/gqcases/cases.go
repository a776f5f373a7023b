// Package gqcases builds goqu datasets whose ToSQL texts the effects layer
// reads; goqu_test.go checks each against the real goqu's for the same
// chain.
package gqcases

import (
	"github.com/doug-martin/goqu/v9"
	"github.com/doug-martin/goqu/v9/exp"
)

var pg = goqu.Dialect("postgres")

func sql(s string, _ []interface{}, _ error) string { return s }

func Poll() string {
	return sql(pg.From("jobs").Select("id", "payload").Where(goqu.C("status").Eq("pending")).Order(goqu.C("run_at").Asc()).Limit(1).ForUpdate(exp.SkipLocked).ToSQL())
}

func PollPrepared() string {
	q, _, _ := pg.From("jobs").Select("id", "payload").Where(goqu.C("status").Eq("pending")).Order(goqu.C("run_at").Asc()).Limit(1).ForUpdate(exp.SkipLocked).Prepared(true).ToSQL()
	return q
}

func PollPreparedArgs() []interface{} {
	_, args, _ := pg.From("jobs").Select("id", "payload").Where(goqu.C("status").Eq("pending")).Order(goqu.C("run_at").Asc()).Limit(1).ForUpdate(exp.SkipLocked).Prepared(true).ToSQL()
	return args
}

func next() *goqu.SelectDataset {
	return pg.From("jobs").Select("id").Where(goqu.C("status").Eq("pending")).Order(goqu.C("id").Asc()).Limit(1).ForUpdate(exp.SkipLocked)
}

func ClaimIn() string {
	q, _, _ := pg.Update("jobs").Set(goqu.Record{"status": "running", "locked_at": goqu.L("now()")}).Where(goqu.C("id").In(next())).Returning("id", "payload").ToSQL()
	return q
}

func ClaimEqPrepared() string {
	q, _, _ := pg.Update("jobs").Set(goqu.Record{"status": "running"}).Where(goqu.C("id").Eq(next())).Returning(goqu.C("id")).Prepared(true).ToSQL()
	return q
}

func TakeByID(id int64) string {
	q, _, _ := pg.Update("jobs").Set(goqu.Record{"status": "running", "attempts": goqu.L("attempts + 1")}).Where(goqu.C("id").Eq(id), goqu.C("status").Eq("pending")).ToSQL()
	return q
}

func ExMap() string {
	q, _, _ := pg.From("jobs").Where(goqu.Ex{"status": "pending", "jobs.queue": "default", "locked_by": nil}, goqu.C("run_at").Lte(goqu.L("now()"))).Order(goqu.I("jobs.id").Desc()).ToSQL()
	return q
}

func OrAnd() string {
	q, _, _ := pg.From("jobs").Where(goqu.Or(goqu.C("status").Eq("pending"), goqu.And(goqu.C("status").Eq("running"), goqu.C("locked_until").Lt(goqu.L("now()")))), goqu.C("dead").IsFalse(), goqu.C("kind").In("a", "b")).ToSQL()
	return q
}

func Enqueue() string {
	q, _, _ := pg.Insert("jobs").Rows(goqu.Record{"kind": "email", "status": "pending", "priority": 3}).Returning(goqu.C("id")).ToSQL()
	return q
}

func Purge() string {
	q, _, _ := pg.Delete("jobs").Where(goqu.C("status").Eq("done"), goqu.C("finished_at").Lt(goqu.L("now() - interval '1 day'"))).Returning("id").ToSQL()
	return q
}

func Branch(lock bool) string {
	ds := pg.From("jobs").Where(goqu.C("status").Neq("done"))
	if lock {
		ds = ds.ForNoKeyUpdate(exp.SkipLocked, goqu.T("jobs"))
	}
	q, _, _ := ds.ToSQL()
	return q
}

type store struct{ dialect goqu.DialectWrapper }

func newStore() *store { return &store{dialect: goqu.Dialect("postgres")} }

func (s *store) Next() string {
	q, _, _ := s.dialect.From(goqu.T("outbox")).Where(goqu.C("sent_at").IsNull()).ForUpdate(exp.Wait).Limit(10).ToSQL()
	return q
}

func DefaultDialect() string {
	q, _, _ := goqu.From("public.jobs").Where(goqu.C("status").Eq("it's")).Offset(5).ToSQL()
	return q
}

func DefaultPrepared() string {
	q, _, _ := goqu.From("jobs").Where(goqu.C("status").Eq("pending")).Prepared(true).ToSQL()
	return q
}

func MySQL() string {
	q, _, _ := goqu.Dialect("mysql").From("jobs").ToSQL()
	return q
}

func ListOfRunTimeLength(ids []int64) string {
	q, _, _ := pg.From("jobs").Where(goqu.C("id").In(ids), goqu.C("status").Eq("pending")).ToSQL()
	return q
}

func PreparedList(ids []int64) string {
	q, _, _ := pg.From("jobs").Where(goqu.C("id").In(ids)).Prepared(true).ToSQL()
	return q
}

func EqList(ids []int64) string {
	q, _, _ := pg.From("jobs").Where(goqu.C("id").Eq(ids)).ToSQL()
	return q
}

func OldestPerGroup() string {
	q, _, _ := pg.From(goqu.T("actions")).Select(goqu.MIN(goqu.C("id")), goqu.COUNT("*")).GroupBy(goqu.C("index"), "document_id").Where(goqu.C("tries").Gt(0)).ToSQL()
	return q
}
