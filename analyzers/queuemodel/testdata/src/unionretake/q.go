package unionretake // want package:"queues\\(public.outbox\\)"

import (
	"context"
	"database/sql"
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

func (s *Store) Fetch(ctx context.Context, n int) (*sql.Rows, error) { // want Fetch:"claims jobs"
	return s.db.QueryContext(ctx, fetch, n)
}

func (s *Store) MarkDone(ctx context.Context, id int64) error { // want MarkDone:"completes jobs, writes outcomes, returns a write's error"
	_, err := s.db.ExecContext(ctx, `UPDATE outbox SET status = 'done', locked_at = NULL WHERE id = $1`, id)
	return err
}

func (s *Store) MarkFailed(ctx context.Context, id int64, attempts int) error { // want MarkFailed:"fails jobs, writes outcomes, returns a write's error"
	status := "pending"
	if attempts >= 10 {
		status = "failed"
	}
	_, err := s.db.ExecContext(ctx, `UPDATE outbox SET status = $2, locked_at = NULL WHERE id = $1 AND status = 'processing' AND locked_at IS NOT NULL`, id, status)
	return err
}
