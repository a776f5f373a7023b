// The relay of reapertemplate, whose reaper spends the attempt the dead
// relay used and first marks dead the events that used their last one.
package ok_reapertemplate

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	claimSQL = `WITH t AS (
		SELECT id FROM {{TABLE}} WHERE status = 'pending' AND available_at <= now()
		ORDER BY available_at LIMIT $1 FOR UPDATE SKIP LOCKED)
	UPDATE {{TABLE}} SET status = 'delivering', locked_by = $2, locked_at = now()
	FROM t WHERE {{TABLE}}.id = t.id RETURNING {{TABLE}}.id`
	deliveredSQL = `UPDATE {{TABLE}} SET status = 'delivered', locked_by = NULL, locked_at = NULL
	WHERE id = ANY($1) AND status = 'delivering' AND locked_by = $2`
	deadSQL = `UPDATE {{TABLE}} SET status = 'dead', locked_by = NULL, locked_at = NULL
	WHERE status = 'delivering' AND locked_at < now() - $1::interval AND attempts + 1 >= max_attempts`
	reapSQL = `WITH stuck AS (
		SELECT id FROM {{TABLE}} WHERE status = 'delivering'
			AND (locked_at < now() - $1::interval OR locked_at IS NULL)
		ORDER BY locked_at LIMIT $2 FOR UPDATE SKIP LOCKED)
	UPDATE {{TABLE}} SET status = 'pending', attempts = attempts + 1, locked_by = NULL, locked_at = NULL
	FROM stuck WHERE {{TABLE}}.id = stuck.id`
)

type Store struct {
	pool                         *pgxpool.Pool
	claim, delivered, dead, reap string
}

func NewStore(pool *pgxpool.Pool, table string) *Store {
	s := &Store{pool: pool}
	s.claim = strings.ReplaceAll(claimSQL, "{{TABLE}}", table)
	s.delivered = strings.ReplaceAll(deliveredSQL, "{{TABLE}}", table)
	s.dead = strings.ReplaceAll(deadSQL, "{{TABLE}}", table)
	s.reap = strings.ReplaceAll(reapSQL, "{{TABLE}}", table)
	return s
}

func (s *Store) Claim(ctx context.Context, n int, relay string) ([]int64, error) {
	rows, err := s.pool.Query(ctx, s.claim, n, relay)
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

func (s *Store) Delivered(ctx context.Context, ids []int64, relay string) error {
	_, err := s.pool.Exec(ctx, s.delivered, ids, relay)
	return err
}

func (s *Store) Reap(ctx context.Context, lease string, n int) error {
	if _, err := s.pool.Exec(ctx, s.dead, lease); err != nil {
		return err
	}
	_, err := s.pool.Exec(ctx, s.reap, lease, n)
	return err
}
