package buildobject

import "database/sql"

func Annotate(db *sql.DB, id int64, data string) error {
	_, err := db.Exec(`UPDATE jobs SET payload = jsonb_build_object('data', $2::text) WHERE id = $1`, id, data) // want `jsonb_build_object\(.* turns a text parameter into a JSON string`
	return err
}
