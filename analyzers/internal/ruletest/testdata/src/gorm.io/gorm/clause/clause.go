// Package clause is a stub of gorm.io/gorm/clause with its names and
// signatures, for analysistest.
package clause

const (
	LockingStrengthUpdate    = "UPDATE"
	LockingStrengthShare     = "SHARE"
	LockingOptionsSkipLocked = "SKIP LOCKED"
	LockingOptionsNoWait     = "NOWAIT"
)

type Builder interface {
	WriteString(string) (int, error)
}

type Expression interface {
	Build(builder Builder)
}

type Table struct {
	Name  string
	Alias string
	Raw   bool
}

type Column struct {
	Table string
	Name  string
	Alias string
	Raw   bool
}

type Locking struct {
	Strength string
	Table    Table
	Options  string
}

func (Locking) Build(Builder) {}

type Returning struct {
	Columns []Column
}

func (Returning) Build(Builder) {}

type Expr struct {
	SQL                string
	Vars               []interface{}
	WithoutParentheses bool
}

func (Expr) Build(Builder) {}

type Where struct {
	Exprs []Expression
}

type Assignment struct {
	Column Column
	Value  interface{}
}

type Set []Assignment

type OnConflict struct {
	Columns      []Column
	Where        Where
	TargetWhere  Where
	OnConstraint string
	DoNothing    bool
	DoUpdates    Set
	UpdateAll    bool
}

func (OnConflict) Build(Builder) {}
