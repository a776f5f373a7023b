// No queue: an error that stops a command is the command's business.
package ok_noqueue

import (
	"database/sql"
	"log"
)

func Save(db *sql.DB) {
	if _, err := db.Exec(`UPDATE settings SET value = 'x' WHERE key = $1`, "k"); err != nil {
		log.Fatal(err)
	}
}
