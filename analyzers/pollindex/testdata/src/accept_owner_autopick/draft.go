// A draft room picks for a team whose clock ran out: every few seconds
// the room finds the live drafts whose current pick is overdue and, for
// each, takes its next open pick, joined to its draft (aliases dp and d).
// The unique key (draft_id, overall_pick) walks one draft's picks in
// order; each turn of the loop binds another draft.
package accept_owner_autopick

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type overdue struct {
	DraftID int64
	Player  int64
}

func Room(ctx context.Context, pool *pgxpool.Pool, best func(draftID int64) int64) {
	for ctx.Err() == nil {
		time.Sleep(5 * time.Second)
		rows, err := pool.Query(ctx, `SELECT id FROM drafts WHERE status = 'live' AND clock_ends_at < now()`)
		if err != nil {
			continue
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			continue
		}
		for _, id := range ids {
			o := overdue{DraftID: id, Player: best(id)}
			_ = autoPick(ctx, pool, o.DraftID, o.Player)
		}
	}
}

func autoPick(ctx context.Context, pool *pgxpool.Pool, draftID, playerID int64) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx, `SELECT dp.id FROM draft_picks dp JOIN drafts d ON d.id = dp.draft_id
			WHERE dp.draft_id = $1 AND dp.player_id IS NULL AND d.status = 'live'
			ORDER BY dp.overall_pick LIMIT 1 FOR UPDATE OF dp`, draftID).Scan(&id)
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
