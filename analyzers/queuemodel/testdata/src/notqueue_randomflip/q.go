// A demo keeps its dashboards moving: every few seconds it resolves one
// firing alert picked at random and fires one resolved alert again, also
// picked at random. Each UPDATE picks and changes its row in one
// statement, returns nothing and binds nothing: no one is handed the row,
// so no job is taken, although each state is left again by the other.
// The alerts are raised elsewhere (by the alerting package).
package notqueue_randomflip

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

const schema = `
CREATE TABLE incidents (
	id bigserial PRIMARY KEY,
	state text NOT NULL DEFAULT 'firing',
	closed_at timestamptz,
	opened_at timestamptz NOT NULL DEFAULT now()
)`

func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, schema)
	return err
}

func Shuffle(ctx context.Context, pool *pgxpool.Pool) {
	if _, err := pool.Exec(ctx, `UPDATE incidents SET state = 'resolved', closed_at = now()
		WHERE id = (SELECT id FROM incidents WHERE state = 'firing' ORDER BY random() LIMIT 1)`); err != nil {
		log.Printf("close one: %v", err)
	}
	if _, err := pool.Exec(ctx, `UPDATE incidents SET state = 'firing', closed_at = NULL, opened_at = now()
		WHERE id IN (SELECT id FROM incidents WHERE state = 'resolved' ORDER BY RANDOM() LIMIT 1)`); err != nil {
		log.Printf("reopen one: %v", err)
	}
}
