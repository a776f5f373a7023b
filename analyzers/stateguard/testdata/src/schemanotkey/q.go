// Each table has a mark by its key, and marks that do not name one row of their table, by the schema's keys:
// a recipient is no key; message_id is unique only among pending mails;
// a mail has many attempts (mail_attempts is keyed by id); a tenant has
// many parts (mail_parts is keyed by tenant_id and seq). Each moves every
// row it matches, whatever state it is in.
package schemanotkey

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Pending(ctx context.Context, pool *pgxpool.Pool) (n int, err error) {
	rows, err := pool.Query(ctx, `SELECT mail_key, recipient, body FROM mails WHERE mail_state = 'PENDING' ORDER BY created_at LIMIT 10`)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	for rows.Next() {
		n++
	}
	return n, rows.Err()
}

func MarkSent(ctx context.Context, pool *pgxpool.Pool, key string) error {
	_, err := pool.Exec(ctx, `UPDATE mails SET mail_state = 'SENT', sent_at = now() WHERE mail_key = $1`, key)
	return err
}

func MarkSentTo(ctx context.Context, pool *pgxpool.Pool, recipient string) error {
	_, err := pool.Exec(ctx, `UPDATE mails SET mail_state = 'SENT', sent_at = now() WHERE recipient = $1`, recipient) // want `this UPDATE sets mail_state to 'SENT' on every row of mails its WHERE matches, whatever state the job is in`
	return err
}

func MarkSentByMessage(ctx context.Context, pool *pgxpool.Pool, messageID string) error {
	_, err := pool.Exec(ctx, `UPDATE mails SET mail_state = 'SENT', sent_at = now() WHERE message_id = $1`, messageID) // want `this UPDATE sets mail_state to 'SENT' on every row of mails its WHERE matches, whatever state the job is in`
	return err
}

func PendingAttempts(ctx context.Context, pool *pgxpool.Pool) (n int, err error) {
	rows, err := pool.Query(ctx, `SELECT id, mail_id FROM mail_attempts WHERE attempt_state = 'queued' ORDER BY id LIMIT 10`)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	for rows.Next() {
		n++
	}
	return n, rows.Err()
}

func MarkAttemptDone(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE mail_attempts SET attempt_state = 'done' WHERE id = $1`, id)
	return err
}

func MarkAttemptsDone(ctx context.Context, pool *pgxpool.Pool, mailID string) error {
	_, err := pool.Exec(ctx, `UPDATE mail_attempts SET attempt_state = 'done' WHERE mail_id = $1`, mailID) // want `this UPDATE sets attempt_state to 'done' on every row of mail_attempts its WHERE matches, whatever state the job is in`
	return err
}

func PendingParts(ctx context.Context, pool *pgxpool.Pool) (n int, err error) {
	rows, err := pool.Query(ctx, `SELECT tenant_id, seq, body FROM mail_parts WHERE part_state = 'queued' ORDER BY seq LIMIT 10`)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	for rows.Next() {
		n++
	}
	return n, rows.Err()
}

func MarkPartSent(ctx context.Context, pool *pgxpool.Pool, tenantID string, seq int64) error {
	_, err := pool.Exec(ctx, `UPDATE mail_parts SET part_state = 'sent' WHERE tenant_id = $1 AND seq = $2`, tenantID, seq)
	return err
}

func MarkTenantSent(ctx context.Context, pool *pgxpool.Pool, tenantID string) error {
	_, err := pool.Exec(ctx, `UPDATE mail_parts SET part_state = 'sent' WHERE tenant_id = $1`, tenantID) // want `this UPDATE sets part_state to 'sent' on every row of mail_parts its WHERE matches, whatever state the job is in`
	return err
}
