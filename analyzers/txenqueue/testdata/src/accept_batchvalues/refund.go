// A batch of jobs inserted with one statement, its VALUES list built with
// a group of parameters per job, in the transaction that writes the
// entity: both commit, or neither.
package accept_batchvalues

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

func Refund(ctx context.Context, db *sql.DB, accounts []int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var groups []string
	var args []any
	for _, account := range accounts {
		if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + 10 WHERE id = $1`, account); err != nil {
			return err
		}
		groups = append(groups, fmt.Sprintf("($%d, $%d)", len(args)+1, len(args)+2))
		args = append(args, "notify_refund", account)
	}
	query := fmt.Sprintf(`INSERT INTO jobs (kind, account_id) VALUES %s`, strings.Join(groups, ", "))
	if _, err := tx.ExecContext(ctx, query, args...); err != nil {
		return err
	}
	return tx.Commit()
}

// The same, with the table named by a replacement over the text.
func RefundNamed(ctx context.Context, db *sql.DB, accounts []int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var groups []string
	var args []any
	for _, account := range accounts {
		if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + 10 WHERE id = $1`, account); err != nil {
			return err
		}
		groups = append(groups, fmt.Sprintf("($%d, $%d)", len(args)+1, len(args)+2))
		args = append(args, "notify_refund", account)
	}
	query := strings.ReplaceAll(`INSERT INTO {table} (kind, account_id) VALUES `+strings.Join(groups, ", "), "{table}", "jobs")
	if _, err := tx.ExecContext(ctx, query, args...); err != nil {
		return err
	}
	return tx.Commit()
}
