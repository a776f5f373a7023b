// The claim as one statement, run by dotsql from a struct field.
package ok_dotsql

import (
	"context"
	"database/sql"

	"github.com/qustavo/dotsql"
)

type Store struct {
	db  *sql.DB
	dot *dotsql.DotSql
}

func New(db *sql.DB) (*Store, error) {
	dot, err := dotsql.LoadFromFile("queries.sql")
	if err != nil {
		return nil, err
	}
	return &Store{db: db, dot: dot}, nil
}

func (s *Store) Take(ctx context.Context) (int64, error) {
	row, err := s.dot.QueryRowContext(ctx, s.db, "claim-job")
	if err != nil {
		return 0, err
	}
	var id int64
	return id, row.Scan(&id)
}
