// Command chaos checks the reference queue's guarantees under failure. It
// starts a throwaway PostgreSQL 15, enqueues N no-op jobs, runs K worker
// processes, and while they work it SIGKILLs a random worker about every
// second (starting a new one in its place), now and then freezes one with
// SIGSTOP for longer than its lease (so its jobs are reclaimed and it must
// be fenced out when it wakes), and crashes and restarts PostgreSQL once.
// With -stall the workers reach PostgreSQL through a proxy the tool runs,
// which every other second holds one connection's traffic for one and a
// half leases, then releases or cuts it; with -stubborn one job in 200 is
// stuck for one and a half leases in a query that ignores cancellation,
// holding a pool connection; with -lock one job's row is held locked by
// another session (an operator's open transaction) for three leases, early
// in the run. Then it prints:
//
//   - jobs lost: not succeeded at the end (must be 0);
//   - jobs run more than once, by cause: a run by a killed, frozen or
//     stalled worker, or one under way when PostgreSQL crashed, may repeat,
//     as may a run that recorded a failure, and a run of the job whose row
//     was held locked; a repeat of a live, unstalled worker's run is a
//     failure (it should have kept its lease);
//   - jobs run twice at once in one worker (must be 0);
//   - completions recorded by a fenced-out worker (must be 0), and how many
//     such completions the fence rejected.
//
// Its last line is "chaos: ok" when every guarantee held; it exits 1 when a
// guarantee was broken or the run did not finish.
//
//	go run ./reference/cmd/chaos -jobs 100000 -workers 4 -stall -stubborn -lock
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

type options struct {
	jobs        int
	workers     int
	concurrency int
	killEvery   time.Duration
	lease       time.Duration
	handlerTime time.Duration
	timeout     time.Duration
	seed        int64
	logFile     string
	stall       bool
	stubborn    bool
	lock        bool
}

func main() {
	var o options
	worker := flag.Bool("worker", false, "run as one worker process (internal)")
	dsn := flag.String("dsn", "", "the database (internal, with -worker)")
	flag.IntVar(&o.jobs, "jobs", 100000, "no-op jobs to run")
	flag.IntVar(&o.workers, "workers", 4, "worker processes")
	flag.IntVar(&o.concurrency, "concurrency", 8, "jobs each worker runs at once")
	flag.DurationVar(&o.killEvery, "kill-every", time.Second, "mean time between SIGKILLs")
	flag.DurationVar(&o.lease, "lease", 2*time.Second, "the workers' lease")
	flag.DurationVar(&o.handlerTime, "handler-time", 0, "how long each job's handler sleeps")
	flag.DurationVar(&o.timeout, "timeout", 15*time.Minute, "give up after this long")
	flag.StringVar(&o.logFile, "log", "", "also write the workers' logs (JSON lines) to this file")
	flag.BoolVar(&o.stall, "stall", false, "reach PostgreSQL through a proxy that now and then holds a connection's traffic past the lease, then releases or cuts it")
	flag.BoolVar(&o.stubborn, "stubborn", false, "one job in 200 is stuck for 1.5 leases in a query that ignores cancellation")
	flag.BoolVar(&o.lock, "lock", false, "hold one job's row locked from another session for three leases")
	flag.Int64Var(&o.seed, "seed", time.Now().UnixNano(), "random seed for the choice of victims")
	flag.Parse()

	var err error
	if *worker {
		err = runWorker(*dsn, o)
	} else {
		var ok bool
		ok, err = runChaos(o)
		if err == nil && !ok {
			os.Exit(1)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "chaos:", err)
		os.Exit(1)
	}
}
