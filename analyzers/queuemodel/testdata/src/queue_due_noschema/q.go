package queue_due_noschema // want package:"queues\\(public.reminders\\)"

// Reminders taken when due (due_at <= $1), or by channel (channel =
// 'sms'), or any, and deleted once sent, with no schema in sight: a comparison with
// a bound time, or equality to a constant, picks the next rows; it names
// none.

import (
	"context"
	"database/sql"
	"time"
)

func Schedule(ctx context.Context, db *sql.DB, at time.Time, msg string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO reminders (due_at, message) VALUES ($1, $2)`, at, msg)
	return err
}

func SendDue(ctx context.Context, db *sql.DB, before time.Time, send func(string) error) error { // want SendDue:"claims jobs"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	var msg string
	if err := tx.QueryRowContext(ctx, `SELECT id, message FROM reminders WHERE due_at <= $1 LIMIT 1 FOR UPDATE SKIP LOCKED`, before).Scan(&id, &msg); err != nil {
		return err
	}
	if err := send(msg); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM reminders WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

func SendSMS(ctx context.Context, db *sql.DB, send func(string) error) error { // want SendSMS:"claims jobs"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	var msg string
	if err := tx.QueryRowContext(ctx, `SELECT id, message FROM reminders WHERE channel = 'sms' LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &msg); err != nil {
		return err
	}
	if err := send(msg); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM reminders WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

func SendAny(ctx context.Context, db *sql.DB, send func(string) error) error { // want SendAny:"claims jobs"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	var msg string
	if err := tx.QueryRowContext(ctx, `SELECT id, message FROM reminders LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &msg); err != nil {
		return err
	}
	if err := send(msg); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM reminders WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}
