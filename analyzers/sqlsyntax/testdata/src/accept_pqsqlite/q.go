// The same statement in a module that registers lib/pq and SQLite (cmd/worker):
// this database/sql code may talk to SQLite, whose dialect is not checked.
package accept_pqsqlite

import "database/sql"

func Next(db *sql.DB) (int64, error) {
	var id int64
	err := db.QueryRow(`SELECT id FROM jobs WHERE status = 'queued' FOR UPDATE SKIP LOCKED UNION ALL SELECT id FROM jobs WHERE status = 'retry'`).Scan(&id)
	return id, err
}
