package main

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type report struct {
	lost             int // jobs that did not succeed
	failedJobs       int // of which in the terminal state 'failed'
	repeatedJobs     int // jobs with a run that did not finish them
	extraKilled      int // such runs by a killed worker
	extraFrozen      int // ... by a worker frozen past its lease
	extraStalled     int // ... by a worker one of whose connections was stalled
	extraOutage      int // ... under way when PostgreSQL crashed
	extraRetried     int // ... that recorded a failure (and were retried)
	extraLocked      int // ... of the job whose row was held locked
	extraUnexplained int // ... with none of those reasons: a live, unstalled worker's job ran again
	overlaps         int // one job run twice at once in one worker
	fencedRecorded   int // completions recorded by a fenced-out worker
	fencedRejected   int // outcomes the fence turned away, or given up on
	killed, frozen   int
	stalled          int
	completionsTotal int
}

func (r report) ok() bool {
	return r.lost == 0 && r.extraUnexplained == 0 && r.fencedRecorded == 0 && r.overlaps == 0
}

func (r report) print() {
	verdict := map[bool]string{true: "ok", false: "FAILED"}
	fmt.Printf("workers killed: %d, frozen past their lease: %d, stalled: %d\n", r.killed, r.frozen, r.stalled)
	fmt.Printf("jobs lost: %d (%d in state failed) [%s]\n", r.lost, r.failedJobs, verdict[r.lost == 0])
	fmt.Printf("jobs run more than once: %d; their extra runs: %d by killed workers, %d by workers frozen past their lease, %d by stalled workers, %d under way at the PostgreSQL crash, %d failed and retried, %d of the job whose row was held locked, %d by live, unstalled workers [%s]\n",
		r.repeatedJobs, r.extraKilled, r.extraFrozen, r.extraStalled, r.extraOutage, r.extraRetried, r.extraLocked, r.extraUnexplained, verdict[r.extraUnexplained == 0])
	fmt.Printf("jobs run twice at once in one worker: %d [%s]\n", r.overlaps, verdict[r.overlaps == 0])
	fmt.Printf("completions recorded by a fenced-out worker: %d of %d logged; outcomes lost with the lease (fenced out or given up): %d [%s]\n",
		r.fencedRecorded, r.completionsTotal, r.fencedRejected, verdict[r.fencedRecorded == 0])
	fmt.Printf("chaos: %s\n", verdict[r.ok()])
}

func (c *controller) report(ctx context.Context, pool *pgxpool.Pool) (report, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := report{killed: len(c.killed), frozen: len(c.frozen), stalled: len(c.stalled),
		fencedRejected: len(c.leaseLost), completionsTotal: len(c.completed), overlaps: len(c.overlaps)}
	for _, o := range c.overlaps {
		fmt.Printf("%s: ran twice at once\n", o)
	}

	err := pool.QueryRow(ctx, `
		SELECT count(*) FILTER (WHERE state <> 'succeeded'), count(*) FILTER (WHERE state = 'failed')
		FROM jobs`).Scan(&r.lost, &r.failedJobs)
	if err != nil {
		return r, err
	}

	// Every run of a job but the one that finished it must have a reason to
	// have happened: its worker was killed, frozen or stalled, it was under
	// way when PostgreSQL crashed, it failed and was retried, or its row was
	// held locked by another session for longer than the lease. A live
	// worker that kept its connections must keep its leases. (Not "every run
	// but the last": a worker frozen before its handler started runs it
	// after it thaws, after the run that finished the job.)
	rows, err := pool.Query(ctx, `
		SELECT r.job_id, r.pid, r.attempt, r.ran_at
		FROM chaos_runs r JOIN jobs j ON j.id = r.job_id
		WHERE r.attempt <> j.attempts OR j.state <> 'succeeded'`)
	if err != nil {
		return r, err
	}
	repeated := map[int64]bool{}
	for rows.Next() {
		var job int64
		var pid int
		var attempt int
		var ranAt time.Time
		if err := rows.Scan(&job, &pid, &attempt, &ranAt); err != nil {
			return r, err
		}
		repeated[job] = true
		switch {
		case c.killed[pid]:
			r.extraKilled++
		case c.frozen[pid]:
			r.extraFrozen++
		case c.stalled[pid]:
			r.extraStalled++
		case !c.crashAt.IsZero() && ranAt.After(c.crashAt.Add(-2*c.o.lease)) && ranAt.Before(c.upAt):
			r.extraOutage++
		case c.failed[claim{job, attempt}]:
			r.extraRetried++
		case job == c.lockedJob:
			r.extraLocked++
		default:
			r.extraUnexplained++
			fmt.Printf("job %d: a run by pid %d (attempt %d) that did not finish it, though its worker was neither killed, frozen nor stalled, the run began away from the PostgreSQL crash, and it recorded no failure\n", job, pid, attempt)
		}
	}
	if err := rows.Err(); err != nil {
		return r, err
	}
	r.repeatedJobs = len(repeated)

	// A completion counts only if it is the claim the job finished with:
	// nothing changes a job's attempts after the claim that succeeded.
	final := map[int64]int{}
	rows, err = pool.Query(ctx, `SELECT id, attempts FROM jobs WHERE state = 'succeeded'`)
	if err != nil {
		return r, err
	}
	for rows.Next() {
		var id int64
		var attempts int
		if err := rows.Scan(&id, &attempts); err != nil {
			return r, err
		}
		final[id] = attempts
	}
	if err := rows.Err(); err != nil {
		return r, err
	}
	for _, done := range c.completed {
		if final[done.job] != done.attempt {
			r.fencedRecorded++
			fmt.Printf("job %d: completion by pid %d of attempt %d, but the job finished with attempt %d\n", done.job, done.pid, done.attempt, final[done.job])
		}
	}
	return r, nil
}
