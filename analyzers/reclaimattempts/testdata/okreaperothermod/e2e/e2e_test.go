package e2e_test

import (
	"context"
	"database/sql"
	"testing"
)

// expire makes a claimed job look abandoned, as a dead worker leaves it.
func expire(t *testing.T, db *sql.DB) {
	if _, err := db.ExecContext(context.Background(), `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`); err != nil {
		t.Fatal(err)
	}
}
