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

// A transaction a deferred closure rolls back is a variable the closure
// captures: every use of it reads the same cell.
func deferredClosure(db *sql.DB) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.Exec("claim"); err != nil { // want `commits first=true`
		return err
	}
	return tx.Commit()
}

// One captured variable that holds two transactions in turn: the claim's
// is not the one committed.
func reassignedCapture(db *sql.DB, run func()) {
	tx, _ := db.Begin()
	defer func() { _ = tx.Rollback() }()
	tx.Exec("claim") // want `commits first=false`
	tx, _ = db.Begin()
	tx.Commit()
	run()
}
