// The claim's candidates are the union of waiting jobs and of jobs whose
// lease expired; the lock re-checks both states. MarkDone then marks the
// job by key alone, also when another relay took it back meanwhile.
package unionretake

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

func (s *Store) Fetch(ctx context.Context, n int) (*sql.Rows, error) {
	return s.db.QueryContext(ctx, fetch, n)
}

func (s *Store) MarkDone(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE outbox SET status = 'done', locked_at = NULL WHERE id = $1`, id) // want `this UPDATE sets status to 'done' by key without re-checking the job's state or its holder`
	return err
}

func (s *Store) MarkFailed(ctx context.Context, id int64, attempts int) error {
	status := "pending"
	if attempts >= 10 {
		status = "failed"
	}
	_, err := s.db.ExecContext(ctx, `UPDATE outbox SET status = $2, locked_at = NULL WHERE id = $1 AND status = 'processing' AND locked_at IS NOT NULL`, id, status)
	return err
}

const markDoneBatch = `
WITH done(id) AS (SELECT id FROM unnest($1::bigint[]) AS input(id))
UPDATE outbox AS o SET status = 'done', locked_at = NULL
FROM done
WHERE o.id = done.id`

func (s *Store) MarkDoneBatch(ctx context.Context, ids []int64) error {
	_, err := s.db.ExecContext(ctx, markDoneBatch, ids) // want `this UPDATE sets status to 'done' by key without re-checking the job's state or its holder`
	return err
}
