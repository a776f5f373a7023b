package ok_state

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A test that sets a job's state up by hand is not a worker's write.
func setDone(t *testing.T, pool *pgxpool.Pool, id int64) {
	if _, err := pool.Exec(context.Background(), `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
}
