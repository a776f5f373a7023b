// database/sql drivers hand jsonb back as raw bytes: one decode is right.
package ok_sql

import (
	"database/sql"
	"encoding/json"
)

func Run(db *sql.DB) (map[string]any, error) {
	var v any
	if err := db.QueryRow(`SELECT payload FROM jobs LIMIT 1`).Scan(&v); err != nil {
		return nil, err
	}
	var p map[string]any
	err := json.Unmarshal(v.([]byte), &p)
	return p, err
}
