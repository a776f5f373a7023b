package ok_flagtake_reclaim

// A boolean take: the worker locks one unlocked job (SKIP LOCKED), flips
// locked and stamps locked_at; a sweep unlocks jobs locked for more than
// ten minutes, so a killed worker's job comes back.

import (
	"context"
	"database/sql"
)

func Enqueue(ctx context.Context, db *sql.DB, payload []byte) error {
	_, err := db.ExecContext(ctx, `INSERT INTO tasks (payload) VALUES ($1)`, payload)
	return err
}

func Take(ctx context.Context, db *sql.DB) (int64, []byte, error) {
	var id int64
	var payload []byte
	err := db.QueryRowContext(ctx, `UPDATE tasks SET locked = true, locked_at = now()
		WHERE id = (SELECT id FROM tasks WHERE NOT locked ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, payload`).Scan(&id, &payload)
	return id, payload, err
}

func Done(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `DELETE FROM tasks WHERE id = $1`, id)
	return err
}

func Unstick(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET locked = false, locked_at = NULL WHERE locked AND locked_at < now() - interval '10 minutes'`)
	return err
}
