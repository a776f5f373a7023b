// A json.RawMessage bound as text inside jsonb_build_object nests a JSON
// string where the object belongs; so does a constant holding JSON.
package buildobject

import (
	"database/sql"
	"encoding/json"
)

func Annotate(db *sql.DB, id int64, data json.RawMessage) error {
	_, err := db.Exec(`UPDATE jobs SET payload = jsonb_build_object('data', $2::text) WHERE id = $1`, id, data) // want `^data holds JSON text, and the SQL turns it into a JSON string\njsonb_build_object\(.* turns the text parameter into a JSON string: it is stored as`
	return err
}

func Reset(db *sql.DB, id int64) error {
	const empty = `{"to": []}`
	_, err := db.Exec(`UPDATE jobs SET payload = jsonb_build_object('data', $2::text) WHERE id = $1`, id, empty) // want `^empty holds JSON text, and the SQL turns it into a JSON string\n`
	return err
}

// The first text parameter is a name, meant to become a JSON string; the
// second holds JSON text.
func Wrap(db *sql.DB, id int64, kind string, data json.RawMessage) error {
	_, err := db.Exec(`UPDATE jobs SET payload = jsonb_build_object('kind', $2::text, 'data', $3::text) WHERE id = $1`, id, kind, data) // want `^data holds JSON text, and the SQL turns it into a JSON string\n.* pass the JSON as \$3::jsonb`
	return err
}
