// Package exp is a stand-in for goqu's expression package: the types and
// signatures the analyzers read, no behaviour.
package exp

type Expression interface{ Expression() Expression }

type (
	LockStrength int
	WaitOption   int
)

// As in goqu, the wait options share the lock strengths' const block:
// their values go on from the strengths' (SkipLocked is 7).
const (
	ForNolock LockStrength = iota
	ForUpdate
	ForNoKeyUpdate
	ForShare
	ForKeyShare

	Wait WaitOption = iota
	NoWait
	SkipLocked
)

type Record map[string]interface{}

type Ex map[string]interface{}

func (e Ex) Expression() Expression { return e }

type Op map[string]interface{}

type Vals []interface{}

type BooleanExpression interface {
	Expression
	As(interface{}) Expression
}

type OrderedExpression interface {
	Expression
	NullsFirst() OrderedExpression
	NullsLast() OrderedExpression
}

type ExpressionList interface {
	Expression
	Append(...Expression) ExpressionList
}

type Comparable interface {
	Eq(interface{}) BooleanExpression
	Neq(interface{}) BooleanExpression
	Gt(interface{}) BooleanExpression
	Gte(interface{}) BooleanExpression
	Lt(interface{}) BooleanExpression
	Lte(interface{}) BooleanExpression
}

type IdentifierExpression interface {
	Expression
	Comparable
	In(...interface{}) BooleanExpression
	NotIn(...interface{}) BooleanExpression
	IsNull() BooleanExpression
	IsNotNull() BooleanExpression
	IsTrue() BooleanExpression
	IsFalse() BooleanExpression
	Asc() OrderedExpression
	Desc() OrderedExpression
	As(interface{}) Expression
	Table(string) IdentifierExpression
	Col(interface{}) IdentifierExpression
}

type LiteralExpression interface {
	Expression
	Comparable
	Asc() OrderedExpression
	Desc() OrderedExpression
	As(interface{}) Expression
}

type SQLFunctionExpression interface {
	Expression
	Comparable
	As(interface{}) Expression
}
