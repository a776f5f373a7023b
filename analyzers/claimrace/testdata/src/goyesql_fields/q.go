// The seed's claim race, its SQL in a goyesql file prepared into struct
// fields by ScanToStruct (listmonk's layout).
package goyesql_fields

import (
	"github.com/jmoiron/sqlx"
	"github.com/knadh/goyesql/v2"
	goyesqlx "github.com/knadh/goyesql/v2/sqlx"
)

type Queries struct {
	NextJob *sqlx.Stmt `query:"next-job"`
	TakeJob *sqlx.Stmt `query:"take-job"`
}

func Prepare(db *sqlx.DB) (*Queries, error) {
	qs, err := goyesql.ParseFile("queries.sql")
	if err != nil {
		return nil, err
	}
	var q Queries
	if err := goyesqlx.ScanToStruct(&q, qs, db); err != nil {
		return nil, err
	}
	return &q, nil
}

type Store struct{ queries *Queries }

func (s *Store) Take() (int64, error) {
	var id int64
	if err := s.queries.NextJob.Get(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	if _, err := s.queries.TakeJob.Exec(id); err != nil {
		return 0, err
	}
	return id, nil
}
