// database/sql in a module whose only driver is lib/pq (cmd/worker): the
// SQL goes to PostgreSQL, which rejects a locking clause in a UNION arm.
package pqsyntax

import "database/sql"

func Next(db *sql.DB) (int64, error) {
	var id int64
	err := db.QueryRow(`SELECT id FROM jobs WHERE status = 'queued' FOR UPDATE SKIP LOCKED UNION ALL SELECT id FROM jobs WHERE status = 'retry'`).Scan(&id) // want `SQL does not parse: syntax error at or near "UNION"`
	return id, err
}
