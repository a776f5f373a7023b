package queue

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// A job enqueued from a web session in Europe/London, for a summer instant,
// runs on time for a worker whose session is in UTC: every time is an
// instant (timestamptz), whatever the session's TimeZone.
func TestLondonEnqueueRunsOnTimeForUTCWorker(t *testing.T) {
	dsn, pool := newDB(t)
	ctx := context.Background()
	london, err := time.LoadLocation("Europe/London")
	require.NoError(t, err)

	web, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer web.Close(ctx)
	_, err = web.Exec(ctx, `SET TimeZone = 'Europe/London'`)
	require.NoError(t, err)

	summerNoon := time.Date(2027, 7, 1, 12, 0, 0, 0, london) // 11:00 UTC (BST)
	var scheduled, immediate int64
	require.NoError(t, pgx.BeginFunc(ctx, web, func(tx pgx.Tx) (err error) {
		if scheduled, err = Enqueue(ctx, tx, noop{}, EnqueueOptions{RunAt: summerNoon}); err != nil {
			return err
		}
		immediate, err = Enqueue(ctx, tx, noop{}, EnqueueOptions{}) // run_at = the London session's now()
		return err
	}))

	var londonWall string
	require.NoError(t, web.QueryRow(ctx, `SELECT run_at::text FROM jobs WHERE id = $1`, scheduled).Scan(&londonWall))
	require.Equal(t, "2027-07-01 12:00:00+01", londonWall)

	// The worker's pool is in UTC (pgtest's DSN sets TimeZone=UTC).
	var workerZone string
	require.NoError(t, pool.QueryRow(ctx, `SHOW TimeZone`).Scan(&workerZone))
	require.Equal(t, "UTC", workerZone)

	claimAt := func(asOf *time.Time) []int64 {
		jobs, err := claim(ctx, pool, DefaultQueue, 10, time.Minute, asOf)
		require.NoError(t, err)
		var ids []int64
		for _, j := range jobs {
			ids = append(ids, j.ID)
		}
		return ids
	}
	require.Equal(t, []int64{immediate}, claimAt(nil), "a job enqueued from London for now is due now in UTC")

	before := time.Date(2027, 7, 1, 10, 59, 59, 0, time.UTC)
	require.Empty(t, claimAt(&before), "not early")
	onTime := time.Date(2027, 7, 1, 11, 0, 0, 0, time.UTC)
	require.Equal(t, []int64{scheduled}, claimAt(&onTime), "not an hour late")
}
