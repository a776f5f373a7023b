// A json.RawMessage bound as text inside jsonb_build_object nests a JSON
// string where the object belongs; so does a constant holding JSON.
package buildobject

import (
	"database/sql"
	"encoding/json"
)

func Annotate(db *sql.DB, id int64, data json.RawMessage) error {
	_, err := db.Exec(`UPDATE jobs SET payload = jsonb_build_object('data', $2::text) WHERE id = $1`, id, data) // want `jsonb_build_object\(.* turns a text parameter into a JSON string, and data holds JSON text`
	return err
}

func Reset(db *sql.DB, id int64) error {
	const empty = `{"to": []}`
	_, err := db.Exec(`UPDATE jobs SET payload = jsonb_build_object('data', $2::text) WHERE id = $1`, id, empty) // want `and empty holds JSON text`
	return err
}
