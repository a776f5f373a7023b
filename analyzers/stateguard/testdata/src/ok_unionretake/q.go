// The same claim; MarkDone marks the job only while this relay still holds
// it (its claim time), so a job taken back meanwhile is left alone.
package ok_unionretake

import (
	"context"
	"database/sql"
	"time"
)

const fetch = `
WITH candidate AS (
    SELECT id, created_at FROM (
        SELECT id, created_at FROM outbox WHERE status = 'pending' AND available_at <= now()
        UNION ALL
        SELECT id, created_at FROM outbox WHERE status = 'processing' AND locked_at < now() - interval '5 minutes'
    ) due
    ORDER BY created_at LIMIT $1
), picked AS (
    SELECT o.id FROM outbox o JOIN candidate c ON c.id = o.id
    WHERE o.status = 'pending' OR o.status = 'processing' AND o.locked_at < now() - interval '5 minutes'
    FOR UPDATE OF o SKIP LOCKED
)
UPDATE outbox o SET status = 'processing', locked_at = now(), attempts = attempts + 1
FROM picked WHERE o.id = picked.id
RETURNING o.id, o.payload, o.attempts`

type Store struct{ db *sql.DB }

func (s *Store) Fetch(ctx context.Context, n int) (*sql.Rows, error) {
	return s.db.QueryContext(ctx, fetch, n)
}

func (s *Store) MarkDone(ctx context.Context, id int64, lockedAt time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE outbox SET status = 'done', locked_at = NULL WHERE id = $1 AND status = 'processing' AND locked_at = $2`, id, lockedAt)
	return err
}

func (s *Store) MarkFailed(ctx context.Context, id int64, attempts int, lockedAt time.Time) error {
	status := "pending"
	if attempts >= 10 {
		status = "failed"
	}
	_, err := s.db.ExecContext(ctx, `UPDATE outbox SET status = $2, locked_at = NULL WHERE id = $1 AND status = 'processing' AND locked_at = $3`, id, status, lockedAt)
	return err
}

const markDoneBatch = `
WITH done(id, locked_at) AS (SELECT id, locked_at FROM unnest($1::bigint[], $2::timestamptz[]) AS input(id, locked_at))
UPDATE outbox AS o SET status = 'done', locked_at = NULL
FROM done
WHERE o.id = done.id AND o.status = 'processing' AND o.locked_at = done.locked_at`

func (s *Store) MarkDoneBatch(ctx context.Context, ids []int64, lockedAt []time.Time) error {
	_, err := s.db.ExecContext(ctx, markDoneBatch, ids, lockedAt)
	return err
}
