package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/jobqlint/jobqlint/internal/pgserver"
	"github.com/jobqlint/jobqlint/reference/queue"
)

// claim is one claim of a job: the fence (ID, attempt).
type claim struct {
	job     int64
	attempt int
}

// outcome is one outcome a worker recorded, from its log.
type outcome struct {
	pid int
	claim
}

// controller runs the worker processes and remembers what happened to them.
type controller struct {
	o    options
	exe  string
	dsn  string
	rand *rand.Rand

	mu        sync.Mutex
	procs     []*process // the live workers, one per slot
	proxies   []*proxy   // with -stall: each slot's way to PostgreSQL
	killed    map[int]bool
	frozen    map[int]bool
	stalled   map[int]bool // pids one of whose connections was stalled
	completed []outcome
	failed    map[claim]bool // claims whose run recorded a failure (a retry)
	leaseLost map[claim]bool // claims whose outcome the fence turned away, or given up on
	overlaps  []string       // "job N in pid P": one job run twice at once in one worker
	lockedJob int64          // with -lock: the job whose row was held locked (0: none)
	// The PostgreSQL crash: runs under way then may run again.
	crashAt, upAt time.Time
	logFile       *os.File // nil: not kept
}

func runChaos(o options) (ok bool, err error) {
	server, err := pgserver.Start(pgserver.Options{SynchronousCommit: true})
	if err != nil {
		return false, err
	}
	defer server.Stop()
	ctx := context.Background()
	dsn, err := server.CreateDatabase(ctx, "chaos")
	if err != nil {
		return false, err
	}
	exe, err := os.Executable()
	if err != nil {
		return false, err
	}
	c := &controller{o: o, exe: exe, dsn: dsn, rand: rand.New(rand.NewPCG(uint64(o.seed), 0)),
		killed: map[int]bool{}, frozen: map[int]bool{}, stalled: map[int]bool{}, failed: map[claim]bool{}, leaseLost: map[claim]bool{}}

	if o.logFile != "" {
		if c.logFile, err = os.Create(o.logFile); err != nil {
			return false, err
		}
		defer c.logFile.Close()
	}
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return false, err
	}
	defer pool.Close()
	if err := prepare(ctx, pool, o.jobs); err != nil {
		return false, err
	}
	fmt.Printf("chaos: %d jobs, %d workers × %d, a SIGKILL about every %v, lease %v, stalls %v, stubborn handlers %v, a locked row %v, seed %d\n",
		o.jobs, o.workers, o.concurrency, o.killEvery, o.lease, o.stall, o.stubborn, o.lock, o.seed)

	if o.stall {
		for range o.workers {
			p, err := newProxy(dsn)
			if err != nil {
				return false, err
			}
			defer p.close()
			c.proxies = append(c.proxies, p)
		}
	}
	for slot := 0; slot < o.workers; slot++ {
		if err := c.startWorker(slot); err != nil {
			return false, err
		}
	}
	start := time.Now()
	finished := c.wreak(ctx, pool, server)
	elapsed := time.Since(start)
	c.stopAll()

	if !finished {
		fmt.Printf("chaos: not finished after %v\n", o.timeout)
	}
	r, err := c.report(ctx, pool)
	if err != nil {
		return false, err
	}
	fmt.Printf("chaos: ran %d jobs in %v\n", o.jobs, elapsed.Round(time.Millisecond))
	r.print()
	return finished && r.ok(), nil
}

// prepare creates the queue and the run log, and enqueues the jobs.
func prepare(ctx context.Context, pool *pgxpool.Pool, n int) error {
	if err := queue.Migrate(ctx, pool); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, runsTable); err != nil {
		return err
	}
	for first := 0; first < n; first += 5000 {
		batch := make([]queue.Insert, 0, 5000)
		for i := first; i < min(first+5000, n); i++ {
			batch = append(batch, queue.Insert{Args: noop{N: i}})
		}
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := queue.EnqueueMany(ctx, tx, batch)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// wreak kills, freezes and restarts until every job has finished or the
// time is up, and reports whether every job finished.
func (c *controller) wreak(ctx context.Context, pool *pgxpool.Pool, server *pgserver.Server) bool {
	deadline := time.Now().Add(c.o.timeout)
	restarted := false
	for tick := 1; time.Now().Before(deadline); tick++ {
		// About every killEvery: uniformly between half and one and a half.
		time.Sleep(c.o.killEvery/2 + time.Duration(c.rand.Int64N(int64(c.o.killEvery)+1)))
		left, err := unfinished(ctx, pool)
		if err == nil && left == 0 {
			return true
		}
		if err == nil && !restarted && left < c.o.jobs*2/3 {
			fmt.Println("chaos: crashing and restarting PostgreSQL")
			c.mu.Lock()
			c.crashAt = time.Now()
			c.mu.Unlock()
			if err := server.Crash(); err != nil {
				fmt.Println("chaos: restart failed:", err)
				return false
			}
			c.mu.Lock()
			c.upAt = time.Now()
			c.mu.Unlock()
			restarted = true
			continue
		}
		if c.o.lock && tick == 2 {
			go c.lockRow(ctx, pool, 3*c.o.lease)
		}
		if c.o.stall && tick%2 == 0 {
			c.stall(c.rand.IntN(c.o.workers))
		}
		slot := c.rand.IntN(c.o.workers)
		if tick%5 == 3 {
			c.freeze(slot, 2*c.o.lease)
			continue
		}
		if err := c.kill(slot); err != nil {
			fmt.Println("chaos:", err)
			return false
		}
	}
	return false
}

// lockRow holds the row of a running job (or, if none runs, of a waiting
// one) locked for d, as an operator's open transaction would: the worker
// holding it can neither renew its lease nor record its outcome meanwhile,
// and must go on with its other jobs.
func (c *controller) lockRow(ctx context.Context, pool *pgxpool.Pool, d time.Duration) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		fmt.Println("chaos: lock a row:", err)
		return
	}
	defer tx.Rollback(ctx)
	var id int64
	err = tx.QueryRow(ctx, `
		SELECT id FROM jobs WHERE state IN ('running', 'available')
		ORDER BY state = 'running' DESC, id LIMIT 1 FOR UPDATE`).Scan(&id)
	if err != nil {
		fmt.Println("chaos: lock a row:", err)
		return
	}
	c.mu.Lock()
	c.lockedJob = id
	c.mu.Unlock()
	fmt.Printf("chaos: holding job %d's row locked for %v\n", id, d)
	time.Sleep(d)
}

func unfinished(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	var n int
	err := pool.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE state IN ('available', 'running')`).Scan(&n)
	return n, err
}

// process is a worker process and the reader of its log.
type process struct {
	cmd     *exec.Cmd
	logRead chan struct{} // closed when its stdout is read to the end
}

// wait waits for the process to exit, after its log has been read to the
// end (exec.Cmd.Wait closes the pipe, losing what is unread).
func (p *process) wait() {
	<-p.logRead
	p.cmd.Wait()
}

func (c *controller) startWorker(slot int) error {
	dsn := c.dsn
	if c.o.stall {
		dsn = c.proxies[slot].dsn("chaos")
	}
	cmd := exec.Command(c.exe, "-worker", "-dsn", dsn, fmt.Sprintf("-stubborn=%v", c.o.stubborn),
		"-concurrency", fmt.Sprint(c.o.concurrency), "-lease", c.o.lease.String(), "-handler-time", c.o.handlerTime.String())
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	p := &process{cmd: cmd, logRead: make(chan struct{})}
	go func() {
		defer close(p.logRead)
		c.readLog(bufio.NewScanner(stdout))
	}()
	c.mu.Lock()
	defer c.mu.Unlock()
	if slot < len(c.procs) {
		c.procs[slot] = p
	} else {
		c.procs = append(c.procs, p)
	}
	return nil
}

// kill SIGKILLs the worker in slot and starts another in its place.
func (c *controller) kill(slot int) error {
	c.mu.Lock()
	p := c.procs[slot]
	c.killed[p.cmd.Process.Pid] = true
	c.mu.Unlock()
	p.cmd.Process.Kill()
	p.wait()
	return c.startWorker(slot)
}

// freeze stops the worker in slot for d (longer than its lease) in the
// background.
func (c *controller) freeze(slot int, d time.Duration) {
	c.mu.Lock()
	p := c.procs[slot]
	c.frozen[p.cmd.Process.Pid] = true
	c.mu.Unlock()
	p.cmd.Process.Signal(syscall.SIGSTOP)
	time.AfterFunc(d, func() { p.cmd.Process.Signal(syscall.SIGCONT) })
}

// stall holds the traffic of one connection of the worker in slot for one
// and a half leases, then releases it or, half the time, cuts it.
func (c *controller) stall(slot int) {
	c.mu.Lock()
	pid := c.procs[slot].cmd.Process.Pid
	c.mu.Unlock()
	if c.proxies[slot].stall(c.rand, c.o.lease*3/2, c.rand.IntN(2) == 0) {
		c.mu.Lock()
		c.stalled[pid] = true
		c.mu.Unlock()
	}
}

// stopAll sends SIGTERM to every worker (and SIGCONT, in case one is
// frozen) and waits for them.
func (c *controller) stopAll() {
	c.mu.Lock()
	procs := append([]*process(nil), c.procs...)
	c.mu.Unlock()
	for _, p := range procs {
		p.cmd.Process.Signal(syscall.SIGTERM)
		p.cmd.Process.Signal(syscall.SIGCONT)
	}
	for _, p := range procs {
		p.wait()
	}
}

// readLog collects the outcomes a worker logs (the "recorded" attribute of
// queue.Worker's job log).
func (c *controller) readLog(s *bufio.Scanner) {
	for s.Scan() {
		var line struct {
			Recorded string `json:"recorded"`
			Overlap  bool   `json:"overlap"`
			PID      int    `json:"pid"`
			Job      int64  `json:"job"`
			Attempt  int    `json:"attempt"`
		}
		if json.Unmarshal(s.Bytes(), &line) != nil {
			continue
		}
		c.mu.Lock()
		if c.logFile != nil {
			c.logFile.Write(append(s.Bytes(), '\n'))
		}
		if line.Overlap {
			c.overlaps = append(c.overlaps, fmt.Sprintf("job %d in pid %d", line.Job, line.PID))
		}
		cl := claim{job: line.Job, attempt: line.Attempt}
		switch line.Recorded {
		case "completed":
			c.completed = append(c.completed, outcome{pid: line.PID, claim: cl})
		case "failed":
			c.failed[cl] = true
		case "lease_lost", "gave_up":
			c.leaseLost[cl] = true
		}
		c.mu.Unlock()
	}
}
