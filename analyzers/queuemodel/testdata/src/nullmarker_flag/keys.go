package nullmarker_flag // want package:"queues\\(public.api_keys\\)"

// Reminders for keys about to expire: the ticker takes the keys due for a
// reminder and moves their next one a day on. Revoking a key flips a flag
// the poll requires false: the key's life, not a reminder's outcome.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Keys struct{ pool *pgxpool.Pool }

func (k *Keys) Create(ctx context.Context, owner int64) error {
	_, err := k.pool.Exec(ctx, `INSERT INTO api_keys (owner_id, expires_at) VALUES ($1, now() + interval '90 days')`, owner)
	return err
}

func (k *Keys) DueReminders(ctx context.Context) ([]int64, error) { // want DueReminders:"claims jobs"
	rows, err := k.pool.Query(ctx, `WITH due AS (
			SELECT id FROM api_keys
			WHERE NOT revoked AND expires_at <= now() + interval '7 days'
			  AND (next_reminder_at IS NULL OR next_reminder_at <= now())
			FOR UPDATE SKIP LOCKED LIMIT 100)
		UPDATE api_keys SET next_reminder_at = now() + interval '1 day' FROM due WHERE api_keys.id = due.id
		RETURNING api_keys.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func (k *Keys) Revoke(ctx context.Context, id int64) error {
	_, err := k.pool.Exec(ctx, `UPDATE api_keys SET revoked = true WHERE id = $1`, id)
	return err
}
