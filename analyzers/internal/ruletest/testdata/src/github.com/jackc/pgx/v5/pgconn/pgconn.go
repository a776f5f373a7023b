// Package pgconn is a stub of github.com/jackc/pgx/v5/pgconn for analysistest:
// the names and signatures jobqlint matches, with no behaviour.
package pgconn

type CommandTag struct{ s string }

func (ct CommandTag) RowsAffected() int64 { return 0 }
func (ct CommandTag) String() string      { return ct.s }
func (ct CommandTag) Insert() bool        { return false }
func (ct CommandTag) Update() bool        { return false }
func (ct CommandTag) Delete() bool        { return false }
func (ct CommandTag) Select() bool        { return false }
