// Package qmhelper is a stub of
// github.com/volatiletech/sqlboiler/v4/queries/qmhelper.
package qmhelper

import "github.com/volatiletech/sqlboiler/v4/queries"

type WhereQueryMod struct {
	Clause string
	Args   []interface{}
}

func (qm WhereQueryMod) Apply(q *queries.Query) {}

type operator string

const (
	EQ  operator = "="
	NEQ operator = "!="
	LT  operator = "<"
	LTE operator = "<="
	GT  operator = ">"
	GTE operator = ">="
)

func Where(name string, operator operator, value interface{}) WhereQueryMod { return WhereQueryMod{} }
func WhereNullEQ(name string, negated bool, value interface{}) WhereQueryMod {
	return WhereQueryMod{}
}
func WhereIsNull(name string) WhereQueryMod    { return WhereQueryMod{} }
func WhereIsNotNull(name string) WhereQueryMod { return WhereQueryMod{} }
