// Package pgconn is a stub of github.com/jackc/pgconn (pgx v4's connection
// layer, a module of its own) for analysistest: the names and signatures
// jobqlint matches (as in pgconn v1.14), with no behaviour.
package pgconn

type CommandTag []byte

func (ct CommandTag) RowsAffected() int64 { return 0 }
func (ct CommandTag) String() string      { return string(ct) }
func (ct CommandTag) Insert() bool        { return false }
func (ct CommandTag) Update() bool        { return false }
func (ct CommandTag) Delete() bool        { return false }
func (ct CommandTag) Select() bool        { return false }
