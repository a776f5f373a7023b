// Workers that take a job to running on the pool with no lease, whatever
// they record before the take: the take is no outcome.
package takercallers

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"takerdb"
)

// Run rejects an invalid job before taking it, then works and records the
// outcome after the take.
func Run(ctx context.Context, pool *pgxpool.Pool, id int64, valid bool, run func(int64) error) error {
	q := takerdb.New(pool)
	if !valid {
		return q.Fail(ctx, id)
	}
	if _, err := q.Take(ctx, id); err != nil { // want `this call runs the claim of takerdb.\(\*Queries\).Take on q, a pool where the claim commits at once`
		return err
	}
	if err := run(id); err != nil {
		return q.Fail(ctx, id)
	}
	return q.Done(ctx, id)
}

// Each fails the invalid jobs of a batch and hands the others to
// goroutines once taken: the Fail written above the take runs after it too,
// for the next job of the loop.
func Each(ctx context.Context, pool *pgxpool.Pool, ids []int64, valid func(int64) bool, run func(int64)) {
	q := takerdb.New(pool)
	for _, id := range ids {
		if !valid(id) {
			_ = q.Fail(ctx, id)
			continue
		}
		if _, err := q.Take(ctx, id); err != nil { // want `this call runs the claim of takerdb.\(\*Queries\).Take on q, a pool where the claim commits at once`
			continue
		}
		go run(id)
	}
}

// Hand takes a job and hands its work on: no failure is recorded before
// the take, so nothing says the work ran first.
func Hand(ctx context.Context, pool *pgxpool.Pool, id int64, run func(int64)) error {
	q := takerdb.New(pool)
	if _, err := q.Take(ctx, id); err != nil { // want `this call runs the claim of takerdb.\(\*Queries\).Take on q, a pool where the claim commits at once`
		return err
	}
	go run(id)
	return nil
}
