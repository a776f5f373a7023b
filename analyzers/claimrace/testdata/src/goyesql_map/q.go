// The seed's claim race, its SQL looked up in goyesql's map by name.
package goyesql_map

import (
	"context"
	"database/sql"

	"github.com/knadh/goyesql/v2"
)

var queries = goyesql.MustParseFile("queries.sql")

func Take(ctx context.Context, db *sql.DB) (int64, error) {
	var id int64
	if err := db.QueryRowContext(ctx, queries["next-job"].Query).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	take := queries["take-job"]
	if _, err := db.ExecContext(ctx, take.Query, id); err != nil {
		return 0, err
	}
	return id, nil
}
