package commit

import (
	"database/sql"
	"fmt"
)

func process() {}

func commitFirst(db *sql.DB) {
	tx, _ := db.Begin()
	tx.Exec("claim") // want `commits first=true`
	tx.Commit()
	process()
}

func commitLate(db *sql.DB, run func()) {
	tx, _ := db.Begin()
	tx.Exec("claim") // want `commits first=false`
	run()
	tx.Commit()
}

func otherTransaction(db *sql.DB, run func()) {
	tx, _ := db.Begin()
	other, _ := db.Begin()
	tx.Exec("claim") // want `commits first=false`
	other.Commit()
	run()
	tx.Commit()
}

func moduleWork(db *sql.DB) {
	tx, _ := db.Begin()
	tx.Exec("claim") // want `commits first=false`
	process()
	tx.Commit()
}

func standardLibraryOnly(db *sql.DB) (string, error) {
	tx, _ := db.Begin()
	var id int64
	if err := tx.QueryRow("claim").Scan(&id); err != nil { // want `commits first=true`
		tx.Rollback()
		return "", fmt.Errorf("claim: %w", err)
	}
	key := fmt.Sprint("job-", id)
	return key, tx.Commit()
}

func rollbackOnly(db *sql.DB, run func()) {
	tx, _ := db.Begin()
	tx.Exec("claim") // want `commits first=false`
	tx.Rollback()
	run()
}
