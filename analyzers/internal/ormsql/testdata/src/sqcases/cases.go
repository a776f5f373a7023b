// Package sqcases holds squirrel builders, one per function, each
// returning the text its ToSql gives; the ormsql test renders the same
// builders with the real squirrel.
package sqcases

import (
	"time"

	sq "github.com/Masterminds/squirrel"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

type store struct {
	sb sq.StatementBuilderType
}

func newStore() *store {
	return &store{sb: sq.StatementBuilder.PlaceholderFormat(sq.Dollar)}
}

func Poll() string {
	s, _, _ := sq.Select("id").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(1).Suffix("FOR UPDATE SKIP LOCKED").ToSql()
	return s
}

func PollDollar() string {
	s, _, _ := psql.Select("id", "payload").From("jobs").Where(sq.Eq{"status": "queued", "queue": "default"}).Where("run_at <= now()").OrderBy("run_at", "id").Limit(10).Suffix("FOR UPDATE SKIP LOCKED").ToSql()
	return s
}

func Take(id int64) string {
	s, _, _ := sq.Update("jobs").Set("status", "running").Set("locked_until", sq.Expr("now() + interval '5 minutes'")).Where(sq.Eq{"id": id}).PlaceholderFormat(sq.Dollar).ToSql()
	return s
}

func Enqueue() string {
	s, _, _ := psql.Insert("jobs").Columns("kind", "payload", "status").Values("email", "{}", "queued").Suffix("RETURNING id").ToSql()
	return s
}

func Remove(id int64) string {
	s, _, _ := psql.Delete("jobs").Where(sq.Eq{"id": id, "status": "done"}).ToSql()
	return s
}

func Field() string {
	st := newStore()
	s, _, _ := st.sb.Select("count(*)").From("jobs").Where(sq.NotEq{"status": "done"}).Where(sq.Lt{"attempts": 3}).GroupBy("queue").ToSql()
	return s
}

func Branch(late bool) string {
	q := psql.Select("id").From("jobs").Where(sq.Eq{"status": "queued"})
	if late {
		q = q.Where(sq.GtOrEq{"run_at": "2020-01-01"})
	}
	s, _, _ := q.OrderBy("id").ToSql()
	return s
}

func NullState() string {
	s, _, _ := psql.Select("id").From("jobs").Where(sq.Eq{"locked_by": nil}).Distinct().ToSql()
	return s
}

// A slice is an IN list of as many parameters as it has items: one
// stands for them.
func In(ids []int64) string {
	s, _, _ := psql.Select("id").From("jobs").Where(sq.Eq{"id": ids}).ToSql()
	return s
}

// NotEq of an empty slice drops the condition: (1=1).
func NotIn(states []string) string {
	s, _, _ := psql.Select("id").From("jobs").Where(sq.NotEq{"status": states}).ToSql()
	return s
}

// A []byte is one value, not a list.
func Bytes(b []byte) string {
	s, _, _ := psql.Select("id").From("jobs").Where(sq.Eq{"payload": b}).ToSql()
	return s
}

// The ack of a relay: marked by key, only while unmarked.
func Ack(ids []int64, now time.Time) string {
	s, _, _ := psql.Update("outbox").Set("published_at", now).Where(sq.Eq{"id": ids}).Where(sq.Eq{"published_at": nil}).Suffix("RETURNING id").ToSql()
	return s
}

// The table a repository is given, read from its field.
type repo struct{ table string }

func NewRepo(table string) *repo { return &repo{table: table} }

func (r *repo) PollTable() string {
	s, _, _ := psql.Select("id").From(r.table).Where(sq.Eq{"done_at": nil}).OrderBy("id ASC").Limit(10).ToSql()
	return s
}

func UnreadPointer(at *time.Time) string {
	s, _, _ := psql.Select("id").From("jobs").Where(sq.Eq{"run_at": at}).ToSql()
	return s
}

func UnreadLtList(ids []int64) string {
	s, _, _ := psql.Select("id").From("jobs").Where(sq.Lt{"id": ids}).ToSql()
	return s
}

func UnreadDynamicTable(t string) string {
	s, _, _ := psql.Select("id").From(t).ToSql()
	return s
}

func UnreadMap(m map[string]interface{}) string {
	s, _, _ := psql.Select("id").From("jobs").Where(m).ToSql()
	return s
}

// The arguments ToSql returns with the texts above.

func TakeArgs(id int64) []interface{} {
	_, a, _ := sq.Update("jobs").Set("status", "running").Set("locked_until", sq.Expr("now() + interval '5 minutes'")).Where(sq.Eq{"id": id}).Where("queue = ?", "mail").PlaceholderFormat(sq.Dollar).ToSql()
	return a
}

func PollDollarArgs() []interface{} {
	_, a, _ := psql.Select("id", "payload").From("jobs").Where(sq.Eq{"status": "queued", "queue": "default"}).Where("run_at <= now()").OrderBy("run_at", "id").Limit(10).Suffix("FOR UPDATE SKIP LOCKED").ToSql()
	return a
}

func EnqueueArgs() []interface{} {
	_, a, _ := psql.Insert("jobs").Columns("kind", "payload", "status").Values("email", "{}", "queued").Suffix("RETURNING id").ToSql()
	return a
}

func NullStateArgs() []interface{} {
	_, a, _ := psql.Select("id").From("jobs").Where(sq.Eq{"locked_by": nil, "status": "queued"}).ToSql()
	return a
}

func UnreadSuffixArgs(n int) string {
	s, _, _ := psql.Select("id").From("jobs").Suffix("LIMIT ?", n).ToSql()
	return s
}

// The constants bound before and after a list, numbered as the text
// (where one parameter stands for the list) numbers them.
func InArgs(ids []int64) []interface{} {
	_, a, _ := psql.Update("jobs").Set("status", "done").Where(sq.Eq{"id": ids}).Where("queue = ?", "mail").ToSql()
	return a
}
