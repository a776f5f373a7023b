package ok_testrace

import (
	"context"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

func naiveClaim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}

func TestNaiveClaimRaces(t *testing.T) {
	var pool *pgxpool.Pool
	var wg sync.WaitGroup
	ids := make([]int64, 2)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ids[i], _ = naiveClaim(context.Background(), pool)
		}()
	}
	wg.Wait()
	if ids[0] != ids[1] {
		t.Skip("the race did not show this time")
	}
}
