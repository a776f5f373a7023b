package ok_testfixture

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

func TestBackoff(t *testing.T) {
	var pool *pgxpool.Pool
	for attempt := range 3 {
		if _, err := pool.Exec(context.Background(), `UPDATE jobs SET status = 'queued', attempts = $2 WHERE id = $1`, 1, attempt); err != nil {
			t.Fatal(err)
		}
	}
}
