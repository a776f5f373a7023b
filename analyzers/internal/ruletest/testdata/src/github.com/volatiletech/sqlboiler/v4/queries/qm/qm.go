// Package qm is a stub of github.com/volatiletech/sqlboiler/v4/queries/qm:
// the query mods, with their real names and signatures.
package qm

import "github.com/volatiletech/sqlboiler/v4/queries"

type QueryMod interface {
	Apply(q *queries.Query)
}

type mod struct{}

func (mod) Apply(q *queries.Query) {}

func Apply(q *queries.Query, mods ...QueryMod) {
	for _, m := range mods {
		m.Apply(q)
	}
}

func SQL(sql string, args ...interface{}) QueryMod              { return mod{} }
func Load(relationship string, mods ...QueryMod) QueryMod       { return mod{} }
func InnerJoin(clause string, args ...interface{}) QueryMod     { return mod{} }
func LeftOuterJoin(clause string, args ...interface{}) QueryMod { return mod{} }
func Distinct(clause string) QueryMod                           { return mod{} }
func With(clause string, args ...interface{}) QueryMod          { return mod{} }
func Select(columns ...string) QueryMod                         { return mod{} }
func Where(clause string, args ...interface{}) QueryMod         { return mod{} }
func And(clause string, args ...interface{}) QueryMod           { return mod{} }
func Or(clause string, args ...interface{}) QueryMod            { return mod{} }
func Or2(q QueryMod) QueryMod                                   { return mod{} }
func WhereIn(clause string, args ...interface{}) QueryMod       { return mod{} }
func WhereNotIn(clause string, args ...interface{}) QueryMod    { return mod{} }
func Expr(wheremods ...QueryMod) QueryMod                       { return mod{} }
func GroupBy(clause string) QueryMod                            { return mod{} }
func OrderBy(clause string, args ...interface{}) QueryMod       { return mod{} }
func Having(clause string, args ...interface{}) QueryMod        { return mod{} }
func From(from string) QueryMod                                 { return mod{} }
func Limit(limit int) QueryMod                                  { return mod{} }
func Offset(offset int) QueryMod                                { return mod{} }
func For(clause string) QueryMod                                { return mod{} }
func Comment(comment string) QueryMod                           { return mod{} }
func WithDeleted() QueryMod                                     { return mod{} }
