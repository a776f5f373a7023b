// A fantasy draft: the next open pick of one draft is the one with the
// lowest overall number and no player yet. The unique key (draft_id,
// overall_pick) walks that draft's picks in order: the poll reads one
// draft's rows, never the whole table.
package accept_owner_draft

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Pick(ctx context.Context, pool *pgxpool.Pool, draftID, playerID int64) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx, `SELECT id FROM draft_picks WHERE draft_id = $1 AND player_id IS NULL
			ORDER BY overall_pick LIMIT 1 FOR UPDATE`, draftID).Scan(&id)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE draft_picks SET player_id = $2, picked_at = now() WHERE id = $1`, id, playerID)
		return err
	})
}

func Open(ctx context.Context, pool *pgxpool.Pool, draftID int64, picks int) error {
	for i := 1; i <= picks; i++ {
		if _, err := pool.Exec(ctx, `INSERT INTO draft_picks (draft_id, overall_pick) VALUES ($1, $2)`, draftID, i); err != nil {
			return err
		}
	}
	return nil
}
