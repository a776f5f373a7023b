package wrapuse

import (
	"context"

	"wrapstore"
)

func Claim(ctx context.Context, s *wrapstore.Store) (id int64, err error) {
	if err = s.Row(ctx, `SELECT id FROM outbox WHERE sent = false ORDER BY id LIMIT 1`).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	err = s.Exec(ctx, `UPDATE outbox SET sent = true WHERE id = $1`, id)
	return id, err
}
