// database/sql may talk to SQLite or MySQL: their placeholders are not
// PostgreSQL's, so the tool does not report what it cannot parse there.
package otherdialect

import "database/sql"

func Lookup(db *sql.DB) error {
	_, err := db.Exec("UPDATE users SET name = ? WHERE id = ?", "x", 1)
	return err
}
