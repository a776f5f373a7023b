// A package whose SQL is in a package it imports.
package releasedep

import (
	"context"
	"database/sql"

	"notqueue_email"
)

func Rename(ctx context.Context, db *sql.DB, id int64, email string) error {
	return notqueue_email.ChangeEmail(ctx, db, id, email)
}
