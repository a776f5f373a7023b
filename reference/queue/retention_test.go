package queue

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A retention run that takes long (a backlog of finished jobs to delete;
// here a trigger makes each batch take three seconds) does not hold up the
// reclaimer: an expired lease is reclaimed within a few reclaim intervals.
func TestSlowRetentionDoesNotDelayTheReclaimer(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	_, err := pool.Exec(ctx, `
		CREATE FUNCTION slow_delete() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			PERFORM pg_sleep(3);
			RETURN NULL;
		END
		$$;
		CREATE TRIGGER slow_delete BEFORE DELETE ON jobs FOR EACH STATEMENT EXECUTE FUNCTION slow_delete()`)
	require.NoError(t, err)
	ids := enqueueNoops(t, pool, 2, EnqueueOptions{Queue: "elsewhere"})
	_, err = pool.Exec(ctx, `UPDATE jobs SET state = 'succeeded', finished_at = now() - interval '91 days' WHERE id = $1`, ids[0])
	require.NoError(t, err)
	claimed, err := claim(ctx, pool, "elsewhere", 1, 50*time.Millisecond, nil)
	require.NoError(t, err)
	require.Len(t, claimed, 1)
	time.Sleep(100 * time.Millisecond) // its worker died: the lease has expired

	// The worker works another queue: it only reclaims and cleans up.
	runWorker(t, NewWorker(pool, NewHandlers(), fast(Config{ReclaimInterval: 100 * time.Millisecond})))
	waitWithin(t, 2*time.Second, "the expired lease to be reclaimed", func() bool { return getJob(t, pool, ids[1]).State == "available" })
}
