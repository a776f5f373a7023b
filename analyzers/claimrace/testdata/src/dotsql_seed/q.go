// The seed's claim race, its SQL in a file that dotsql loads and runs by
// name.
package dotsql_seed

import (
	"database/sql"

	"github.com/qustavo/dotsql"
)

var dot, _ = dotsql.LoadFromFile("queries.sql")

func Take(db *sql.DB) (int64, error) {
	row, err := dot.QueryRow(db, "next-job") // want `two workers can claim the same job`
	if err != nil {
		return 0, err
	}
	var id int64
	if err := row.Scan(&id); err != nil {
		return 0, err
	}
	if _, err := dot.Exec(db, "take-job", id); err != nil {
		return 0, err
	}
	return id, nil
}
