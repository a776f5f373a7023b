// Command bench measures the reference queue against River v0.51.2
// (riverdriver/riverpgxv5) on the same throwaway PostgreSQL 15, in one run:
//
//   - burn-down: N pre-inserted no-op jobs (200,000 by default), timed from
//     the workers' start until the database shows every job completed;
//   - continuous: enqueue and work at once for 30 s; jobs completed per second;
//   - idle pickup latency: one job at a time into an idle queue, from the
//     enqueue call to the handler's start, p50 and p99;
//   - the bound: PostgreSQL's single-row commit rate on this machine (one
//     connection, autocommit INSERTs), and the fraction of it each queue
//     reaches;
//   - enqueue: 16 goroutines committing one-job transactions, with the
//     reference queue's wake-up (a NOTIFY at most every 20 ms per queue),
//     without any, and with a NOTIFY in every transaction (the trigger the
//     queue used to have).
//
// Its last line is the ratio of the reference queue's throughput to River's
// with a 1 ms fetch cooldown.
//
// Both queues get the same concurrency and the same connection pool size,
// and otherwise their defaults. River runs twice: with its defaults, and
// with the shortest fetch cooldown it allows (1 ms), since its default
// (100 ms between fetches) caps its throughput. It lives in a module of its own so that
// River is not a dependency of jobqlint.
//
//	cd reference/bench && go run . [-jobs 200000] [-duration 30s] [-concurrency 100]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/jobqlint/jobqlint/internal/pgserver"
)

// system is a queue under test.
type system interface {
	name() string
	// migrate creates the queue's tables.
	migrate(ctx context.Context, pool *pgxpool.Pool) error
	// enqueue commits n jobs carrying the given enqueue time.
	enqueue(ctx context.Context, pool *pgxpool.Pool, n int, enqueuedAt time.Time) error
	// start runs workers that call ran with each job's enqueue time as its
	// handler starts; stop waits for them to shut down.
	start(ctx context.Context, pool *pgxpool.Pool, concurrency int, ran func(enqueuedAt int64)) (stop func(), err error)
	// completed counts the jobs recorded as completed.
	completed(ctx context.Context, pool *pgxpool.Pool) (int, error)
}

type options struct {
	jobs        int
	duration    time.Duration
	concurrency int
	poolSize    int
	samples     int
	fsync       bool
	enqueueFor  time.Duration
}

func main() {
	var o options
	flag.IntVar(&o.jobs, "jobs", 200000, "jobs in the burn-down")
	flag.DurationVar(&o.duration, "duration", 30*time.Second, "length of the continuous enqueue+work phase")
	flag.IntVar(&o.concurrency, "concurrency", 100, "jobs each queue runs at once")
	flag.IntVar(&o.poolSize, "pool", 20, "connections in each queue's pool")
	flag.IntVar(&o.samples, "samples", 200, "idle pickup latency samples")
	flag.DurationVar(&o.enqueueFor, "enqueue-duration", 5*time.Second, "length of each enqueue-rate measurement")
	flag.BoolVar(&o.fsync, "fsync", true, "run PostgreSQL with fsync and synchronous_commit on, as in production")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	server, err := pgserver.Start(pgserver.Options{Fsync: o.fsync, SynchronousCommit: o.fsync})
	if err != nil {
		return err
	}
	defer server.Stop()
	ctx := context.Background()
	fmt.Printf("machine: %s, %d CPUs, %s\n", cpuModel(), runtime.NumCPU(), runtime.Version())
	fmt.Printf("PostgreSQL 15, fsync=%v synchronous_commit=%v; concurrency %d, pool %d connections per queue\n",
		o.fsync, o.fsync, o.concurrency, o.poolSize)

	bound, err := commitRate(ctx, server, 3*time.Second)
	if err != nil {
		return err
	}
	fmt.Printf("bound: %.0f single-row commits/s on one connection\n\n", bound)

	systems := []system{reference{}, riverQueue{}, riverQueue{fetchCooldown: river.FetchCooldownMin}}
	results := map[string]*result{}
	for _, s := range systems {
		results[s.name()] = &result{}
	}
	// Phases alternate between the queues, each on a fresh database.
	phases := []struct {
		name string
		run  func(context.Context, system, *pgxpool.Pool, options) (*result, error)
	}{
		{"burn-down", burnDown},
		{"continuous", continuous},
		{"latency", idleLatency},
	}
	for _, phase := range phases {
		for _, s := range systems {
			pool, err := freshDB(ctx, server, s, o)
			if err != nil {
				return err
			}
			r, err := phase.run(ctx, s, pool, o)
			pool.Close()
			if err != nil {
				return fmt.Errorf("%s, %s: %w", s.name(), phase.name, err)
			}
			results[s.name()].merge(r)
			fmt.Printf("%-10s %-10s %s\n", s.name(), phase.name, r)
		}
	}

	fmt.Println()
	ref := results[reference{}.name()]
	fmt.Printf("%-22s", "")
	for _, s := range systems {
		fmt.Printf(" %12s", s.name())
	}
	for _, s := range systems[1:] {
		fmt.Printf(" %16s", "ratio to "+s.name())
	}
	fmt.Println()
	row := func(label string, value func(*result) float64) {
		fmt.Printf("%-22s", label)
		for _, s := range systems {
			fmt.Printf(" %12.0f", value(results[s.name()]))
		}
		for _, s := range systems[1:] {
			fmt.Printf(" %16.2f", value(ref)/value(results[s.name()]))
		}
		fmt.Println()
	}
	row("burn-down jobs/s", func(r *result) float64 { return r.burnDown })
	row("continuous jobs/s", func(r *result) float64 { return r.continuous })
	fraction := func(label string, value func(*result) float64) {
		fmt.Printf("%-22s", label)
		for _, s := range systems {
			fmt.Printf(" %12.2f", value(results[s.name()])/bound)
		}
		fmt.Println()
	}
	fraction("burn-down / bound", func(r *result) float64 { return r.burnDown })
	fraction("continuous / bound", func(r *result) float64 { return r.continuous })
	for _, p := range []struct {
		label string
		value func(*result) time.Duration
	}{{"idle pickup p50", func(r *result) time.Duration { return r.p50 }}, {"idle pickup p99", func(r *result) time.Duration { return r.p99 }}} {
		fmt.Printf("%-22s", p.label)
		for _, s := range systems {
			fmt.Printf(" %12s", ms(p.value(results[s.name()])))
		}
		fmt.Println()
	}

	fmt.Println()
	if err := enqueueRates(ctx, server, o); err != nil {
		return err
	}
	tuned := results[riverQueue{fetchCooldown: river.FetchCooldownMin}.name()]
	fmt.Printf("ratio to River (1 ms cooldown): burn-down %.2f, continuous %.2f\n",
		ref.burnDown/tuned.burnDown, ref.continuous/tuned.continuous)
	return nil
}

type result struct {
	burnDown, continuous float64 // jobs/s
	p50, p99             time.Duration
	text                 string
}

func (r *result) String() string { return r.text }

func (r *result) merge(o *result) {
	r.burnDown = max(r.burnDown, o.burnDown)
	r.continuous = max(r.continuous, o.continuous)
	r.p50 = max(r.p50, o.p50)
	r.p99 = max(r.p99, o.p99)
}

var dbSeq atomic.Int64

func freshDB(ctx context.Context, server *pgserver.Server, s system, o options) (*pgxpool.Pool, error) {
	dsn, err := server.CreateDatabase(ctx, fmt.Sprintf("bench_%d", dbSeq.Add(1)))
	if err != nil {
		return nil, err
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, err
	}
	cfg.MaxConns = int32(o.poolSize)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := s.migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	return pool, nil
}

// burnDown times how long the workers take to complete o.jobs pre-inserted
// jobs.
func burnDown(ctx context.Context, s system, pool *pgxpool.Pool, o options) (*result, error) {
	for left := o.jobs; left > 0; left -= 10000 {
		if err := s.enqueue(ctx, pool, min(left, 10000), time.Now()); err != nil {
			return nil, err
		}
	}
	if _, err := pool.Exec(ctx, "VACUUM ANALYZE"); err != nil {
		return nil, err
	}
	start := time.Now()
	stop, err := s.start(ctx, pool, o.concurrency, func(int64) {})
	if err != nil {
		return nil, err
	}
	defer stop()
	if err := waitCompleted(ctx, s, pool, o.jobs, 30*time.Minute); err != nil {
		return nil, err
	}
	elapsed := time.Since(start)
	rate := float64(o.jobs) / elapsed.Seconds()
	return &result{burnDown: rate, text: fmt.Sprintf("%d jobs in %v: %.0f jobs/s", o.jobs, elapsed.Round(time.Millisecond), rate)}, nil
}

// continuous enqueues in batches of 100 from four goroutines while the
// workers run, for o.duration, and counts the jobs completed.
func continuous(ctx context.Context, s system, pool *pgxpool.Pool, o options) (*result, error) {
	stop, err := s.start(ctx, pool, o.concurrency, func(int64) {})
	if err != nil {
		return nil, err
	}
	defer stop()
	enqCtx, cancel := context.WithTimeout(ctx, o.duration)
	defer cancel()
	var enqueued atomic.Int64
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			for enqCtx.Err() == nil {
				if err := s.enqueue(enqCtx, pool, 100, time.Now()); err != nil {
					if enqCtx.Err() == nil {
						errs <- err
						return
					}
					break
				}
				enqueued.Add(100)
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			return nil, err
		}
	}
	done, err := s.completed(ctx, pool)
	if err != nil {
		return nil, err
	}
	rate := float64(done) / o.duration.Seconds()
	return &result{continuous: rate, text: fmt.Sprintf("%d enqueued, %d completed in %v: %.0f jobs/s", enqueued.Load(), done, o.duration, rate)}, nil
}

// idleLatency enqueues one job at a time into an idle queue and measures
// the time from the enqueue call to the handler's start.
func idleLatency(ctx context.Context, s system, pool *pgxpool.Pool, o options) (*result, error) {
	started := make(chan time.Duration, 1)
	stop, err := s.start(ctx, pool, o.concurrency, func(enqueuedAt int64) {
		started <- time.Since(time.Unix(0, enqueuedAt))
	})
	if err != nil {
		return nil, err
	}
	defer stop()
	time.Sleep(2 * time.Second) // let the workers settle into idle
	var lat []time.Duration
	for range o.samples {
		if err := s.enqueue(ctx, pool, 1, time.Now()); err != nil {
			return nil, err
		}
		select {
		case d := <-started:
			lat = append(lat, d)
		case <-time.After(30 * time.Second):
			return nil, fmt.Errorf("a job was not picked up within 30 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	slices.Sort(lat)
	r := &result{p50: lat[len(lat)/2], p99: lat[len(lat)*99/100]}
	r.text = fmt.Sprintf("%d samples: p50 %s, p99 %s", len(lat), ms(r.p50), ms(r.p99))
	return r, nil
}

func waitCompleted(ctx context.Context, s system, pool *pgxpool.Pool, want int, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		n, err := s.completed(ctx, pool)
		if err != nil {
			return err
		}
		if n >= want {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d of %d jobs completed after %v", n, want, timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// commitRate is the rate of single-row autocommit INSERTs on one
// connection: each waits for its own commit.
func commitRate(ctx context.Context, server *pgserver.Server, d time.Duration) (float64, error) {
	dsn, err := server.CreateDatabase(ctx, "commit_rate")
	if err != nil {
		return 0, err
	}
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return 0, err
	}
	defer pool.Close()
	if _, err := pool.Exec(ctx, `CREATE TABLE commits (id bigint GENERATED ALWAYS AS IDENTITY, at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return 0, err
	}
	n, start := 0, time.Now()
	for time.Since(start) < d {
		if _, err := pool.Exec(ctx, `INSERT INTO commits DEFAULT VALUES`); err != nil {
			return 0, err
		}
		n++
	}
	return float64(n) / time.Since(start).Seconds(), nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if name, ok := strings.CutPrefix(line, "model name"); ok {
			return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
		}
	}
	return "unknown CPU"
}
