package queue

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Config configures a Worker. Zero fields take the defaults in brackets.
type Config struct {
	Queue string // the queue to work [DefaultQueue]
	// Concurrency is how many handlers run at once [10]. As many jobs more
	// may be in hand, run and waiting for their outcome to be recorded.
	Concurrency int
	// Lease is how long a claim holds a job without renewal [30s]. The
	// worker renews it every Lease/3 while the job is in hand; a job whose
	// worker dies goes back to the queue about one Lease later. A handler
	// whose lease could not be renewed in time is cancelled before the
	// lease runs out.
	Lease time.Duration
	// PollInterval is how often an idle worker polls when no notification
	// comes [1s]: jobs scheduled for later, missed notifications.
	PollInterval time.Duration
	// ReclaimInterval is how often the worker looks for expired leases [5s].
	ReclaimInterval time.Duration
	// Grace is how long the jobs in hand may run on after shutdown begins
	// before their contexts are cancelled [30s].
	Grace time.Duration
	// StopTimeout is how long cancelled jobs get to return after the grace
	// period before Run returns without them [10s]: a handler that ignores
	// its context cannot keep a deploy waiting. Their leases then run out.
	StopTimeout time.Duration
	// JobTimeout is how long a job's handler may run [10m] before its
	// context is cancelled with ErrJobTimeout, unless its kind has a
	// Timeout of its own; negative: no limit. A handler that ignores the
	// cancellation is let go after one more Lease (timeout.go).
	JobTimeout time.Duration
	// Backoff is the delay before a failed job's next attempt [1s to 1h].
	Backoff Backoff
	// Retention is how long finished jobs are kept [90 days]; negative keeps
	// them forever. RetentionInterval is how often they are deleted, the
	// first time when the worker starts [1h].
	Retention, RetentionInterval time.Duration
	Logger                       *slog.Logger // [slog.Default()]
	// Metrics, if set, hears of every run's outcome (metrics.go).
	Metrics Metrics

	// asOf, set only by tests, is the instant claims consider "now".
	asOf func() *time.Time
}

func (c Config) withDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	if c.Queue == "" {
		c.Queue = DefaultQueue
	}
	if c.Concurrency == 0 {
		c.Concurrency = 10
	}
	def(&c.Lease, 30*time.Second)
	def(&c.PollInterval, time.Second)
	def(&c.ReclaimInterval, 5*time.Second)
	def(&c.Grace, 30*time.Second)
	def(&c.JobTimeout, 10*time.Minute)
	def(&c.StopTimeout, 10*time.Second)
	def(&c.Backoff.Base, time.Second)
	def(&c.Backoff.Max, time.Hour)
	def(&c.Retention, 90*24*time.Hour)
	def(&c.RetentionInterval, time.Hour)
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.asOf == nil {
		c.asOf = func() *time.Time { return nil }
	}
	return c
}

// validate rejects what withDefaults cannot mend: negative counts and
// durations (Retention aside, where negative means forever), a lease too
// short to renew, a backoff cap below its base.
func (c Config) validate() error {
	var errs []error
	if c.Concurrency < 0 {
		errs = append(errs, fmt.Errorf("Concurrency %d is negative", c.Concurrency))
	}
	if c.Lease < 30*time.Millisecond {
		errs = append(errs, fmt.Errorf("Lease %v is under 30ms: too short to renew every Lease/3", c.Lease))
	}
	for name, d := range map[string]time.Duration{
		"PollInterval": c.PollInterval, "ReclaimInterval": c.ReclaimInterval, "Grace": c.Grace,
		"StopTimeout": c.StopTimeout, "Backoff.Base": c.Backoff.Base, "RetentionInterval": c.RetentionInterval,
	} {
		if d < 0 {
			errs = append(errs, fmt.Errorf("%s %v is negative", name, d))
		}
	}
	if c.Backoff.Max < c.Backoff.Base {
		errs = append(errs, fmt.Errorf("Backoff.Max %v is below Backoff.Base %v", c.Backoff.Max, c.Backoff.Base))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("queue: invalid worker configuration: %w", err)
	}
	return nil
}

// Worker claims jobs from one queue and runs them.
type Worker struct {
	pool     *pgxpool.Pool // claims; the handlers share it
	handlers *Handlers
	cfg      Config
	log      *slog.Logger

	// Set by Run: connections of the worker's own, that handlers holding
	// every connection of pool cannot starve.
	leaseConns   *pgxpool.Pool // the heartbeat's
	completer    *completer    // completions, on outcomeConns
	outcomeConns *pgxpool.Pool // completions, failures, reclaim
	cleanupConn  *pgxpool.Pool // retention, apart: a backlog must not delay the rest

	mu      sync.Mutex
	held    map[string]*heldJob // the jobs in hand, by claim token
	latest  map[int64]*heldJob  // the latest claim in hand of each job
	busy    int                 // the jobs in hand whose handler has not returned
	freed   chan struct{}       // signalled when a slot frees (freeSlots)
	running sync.WaitGroup      // the jobs' goroutines
}

// heldJob is one claim in hand. A job can be in hand twice: a stall outlived
// its lease while the handler ran on, the job was reclaimed, and this worker
// claimed it again. Each claim has its own entry, cancellation and lease.
type heldJob struct {
	job    *Job
	cancel context.CancelCauseFunc
	done   chan struct{} // closed when its run has returned
	// until is when the lease runs out by this worker's clock, at the
	// latest: the claim or last renewal was sent Lease before. (The
	// database set its deadline later than that.)
	until time.Time
	// deadline is when the job's timeout cancels it (zero: never);
	// returned, that its handler has returned; stuck, that it had not
	// by one Lease after the deadline (timeout.go).
	deadline        time.Time
	returned, stuck bool
}

// errShutdown cancels the jobs still running when the grace period ends.
var errShutdown = errors.New("worker shutting down: grace period over")

// NewWorker returns a worker for cfg.Queue that runs jobs with handlers.
// Run reports an invalid cfg.
func NewWorker(pool *pgxpool.Pool, handlers *Handlers, cfg Config) *Worker {
	cfg = cfg.withDefaults()
	return &Worker{
		pool:     pool,
		handlers: handlers,
		cfg:      cfg,
		log:      cfg.Logger.With("queue", cfg.Queue),
		held:     map[string]*heldJob{},
		latest:   map[int64]*heldJob{},
		freed:    make(chan struct{}, 1),
	}
}

// Run claims and runs jobs until ctx is cancelled (by SIGTERM, in the worker
// command), then shuts down: no new claims (a claim under way finishes, and
// its jobs run); the jobs in hand get the grace period to finish, then
// their contexts are cancelled; Run returns when every outcome is recorded,
// or StopTimeout after the cancellation, with an error naming the jobs that
// ignored it. Database errors never stop it: it retries.
func (w *Worker) Run(ctx context.Context) error {
	if err := w.cfg.validate(); err != nil {
		return err
	}
	var err error
	if w.leaseConns, err = w.ownConnections(1); err != nil {
		return err
	}
	defer w.leaseConns.Close()
	if w.outcomeConns, err = w.ownConnections(2); err != nil {
		return err
	}
	defer w.outcomeConns.Close()
	if w.cleanupConn, err = w.ownConnections(1); err != nil {
		return err
	}
	defer w.cleanupConn.Close()
	w.completer = newCompleter(w.outcomeConns, 2*w.callTimeout())

	// The jobs, their leases and their completions outlive ctx: they finish
	// during the drain.
	jobsCtx, cancelJobs := context.WithCancelCause(context.WithoutCancel(ctx))
	defer cancelJobs(nil)
	leasesCtx, stopLeases := context.WithCancel(context.WithoutCancel(ctx))

	wake := make(chan struct{}, 1)
	var background sync.WaitGroup
	background.Go(func() { w.listen(ctx, wake) })
	background.Go(func() { w.reclaimer(ctx) })
	background.Go(func() { w.retention(ctx) })
	background.Go(func() { w.heartbeat(leasesCtx) })
	background.Go(func() { w.completer.run(leasesCtx) })

	w.claimLoop(ctx, jobsCtx, wake)
	abandoned := w.drain(cancelJobs)
	stopLeases()
	background.Wait()
	if len(abandoned) > 0 {
		return fmt.Errorf("queue: shutdown: jobs %v ignored cancellation for %v; abandoned, they run again when their leases expire", abandoned, w.cfg.StopTimeout)
	}
	return nil
}

// ownConnections is a small pool on the same database as the handlers'
// pool, for the worker's bookkeeping alone. Its statements wait at most
// half a call's timeout for a row lock (lock_timeout): a failure to record
// on a row that an operator's open transaction holds errors out and is
// retried, instead of holding one of the few bookkeeping connections.
func (w *Worker) ownConnections(n int32) (*pgxpool.Pool, error) {
	cfg := w.pool.Config()
	cfg.MaxConns, cfg.MinConns = n, 0
	cfg.ConnConfig.RuntimeParams["lock_timeout"] = strconv.FormatInt(max(w.callTimeout().Milliseconds()/2, 1), 10)
	return pgxpool.NewWithConfig(context.Background(), cfg)
}

// callTimeout bounds each bookkeeping statement: a stalled connection must
// not hold a renewal or an outcome past the point where it could matter.
func (w *Worker) callTimeout() time.Duration { return w.cfg.Lease / 6 }

// claimLoop claims jobs while there are free slots, then waits for a
// notification, the poll interval or a free slot. It returns when ctx is done.
func (w *Worker) claimLoop(ctx, jobsCtx context.Context, wake <-chan struct{}) {
	poll := time.NewTicker(w.cfg.PollInterval)
	defer poll.Stop()
	secondLook := time.NewTimer(time.Hour)
	secondLook.Stop()
	retry := newRetryDelay(100*time.Millisecond, 5*time.Second)
	for ctx.Err() == nil {
		free := w.freeSlots()
		if free <= 0 {
			select {
			case <-ctx.Done():
			case <-w.freed:
			}
			continue
		}
		// Shutdown does not cut the claim mid-statement: cancelled there,
		// it could commit jobs this worker would never read. Its timeout
		// is the lease: past that, what it claimed is reclaimable anyway.
		claimCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), w.cfg.Lease)
		sent := time.Now()
		jobs, err := claim(claimCtx, w.pool, w.cfg.Queue, free, w.cfg.Lease, w.cfg.asOf())
		cancel()
		if err != nil {
			w.log.Warn("claim failed; retrying", "err", err)
			retry.sleep(ctx)
			continue
		}
		retry.reset()
		for _, job := range jobs {
			w.start(jobsCtx, job, sent.Add(w.cfg.Lease))
		}
		if len(jobs) == free {
			// The queue may hold more: claim again as slots free up. The
			// pause lets the handlers just started that finish at once free
			// their slots, so that one claim takes them all instead of
			// one claim for each.
			time.Sleep(claimPause)
			continue
		}
		select {
		case <-ctx.Done():
		case <-wake:
			// An enqueue that came just after the one that woke us may
			// have sent no notification (notifyEvery): look again then.
			secondLook.Reset(2 * notifyEvery)
		case <-secondLook.C:
		case <-poll.C:
		}
	}
}

// claimPause is the pause between claims while the queue holds more jobs
// than the free slots (claimLoop).
const claimPause = time.Millisecond

// freeSlots is how many jobs the next claim may take. A job takes a slot
// while its handler runs (Concurrency of them) and frees it when the handler
// returns: the next claim does not wait for the commit of the job's
// outcome, which the completer batches with others. The jobs in hand are
// capped at twice Concurrency, so at most as many wait for their outcome as
// run: a database slow to record outcomes stops the claims instead of
// piling up jobs that have run (their leases renewed meanwhile) and would
// run again if their leases ran out.
func (w *Worker) freeSlots() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return min(w.cfg.Concurrency-w.busy, 2*w.cfg.Concurrency-len(w.held))
}

// start runs job in a goroutine of its own, holding it (its lease renewed)
// until its outcome is recorded. If an earlier claim of the same job is
// still in hand (its handler ignored the cancellation that came with the
// lost lease), this run waits for that one to return: one worker never runs
// a job twice at once.
func (w *Worker) start(jobsCtx context.Context, job *Job, until time.Time) {
	ctx, cancel := context.WithCancelCause(jobsCtx)
	h := &heldJob{job: job, cancel: cancel, done: make(chan struct{}), until: until}
	// The job's timeout counts from here, the wait for an earlier claim
	// included (a claim of a stuck job must not wait for ever).
	timeout := w.timeout(job.Kind)
	if timeout > 0 {
		h.deadline = time.Now().Add(timeout)
	}
	w.mu.Lock()
	previous := w.latest[job.ID]
	w.held[job.token], w.latest[job.ID] = h, h
	w.busy++
	w.mu.Unlock()
	w.running.Go(func() {
		defer w.release(h)
		runCtx := ctx
		if timeout > 0 {
			var stop context.CancelFunc
			runCtx, stop = context.WithDeadlineCause(ctx, h.deadline, ErrJobTimeout)
			defer stop()
		}
		if previous != nil {
			select {
			case <-previous.done:
			case <-runCtx.Done():
			}
		}
		var err error
		began := time.Now()
		if runCtx.Err() == nil {
			err = w.handlers.run(runCtx, job)
		} else {
			err = context.Cause(runCtx)
		}
		ran := time.Since(began)
		if errors.Is(context.Cause(runCtx), ErrJobTimeout) && !errors.Is(err, ErrJobTimeout) {
			err = fmt.Errorf("%w (%v): %v", ErrJobTimeout, timeout, err)
		}
		w.handlerReturned(h)
		if errors.Is(context.Cause(ctx), ErrLeaseLost) {
			w.jobLog(job).Warn("job lost its lease while running; its outcome is not recorded", "recorded", "lease_lost", "err", err)
			w.observe(job, "lease_lost", ran)
			return
		}
		w.observe(job, w.record(job, err), ran)
	})
}

// drain waits for the jobs in hand, cancelling them when the grace period
// ends, and gives up on those still running StopTimeout later: it returns
// their IDs.
func (w *Worker) drain(cancelJobs context.CancelCauseFunc) (abandoned []int64) {
	done := make(chan struct{})
	go func() { w.running.Wait(); close(done) }()
	grace := time.NewTimer(w.cfg.Grace)
	defer grace.Stop()
	select {
	case <-done:
		return nil
	case <-grace.C:
	}
	w.log.Warn("grace period over; cancelling the jobs in hand", "jobs", w.inHand())
	cancelJobs(errShutdown)
	hardStop := time.NewTimer(w.cfg.StopTimeout)
	defer hardStop.Stop()
	select {
	case <-done:
		return nil
	case <-hardStop.C:
	}
	for _, job := range w.heldJobs() {
		abandoned = append(abandoned, job.ID)
		w.jobLog(job).Error("job ignored cancellation; abandoned at shutdown", "recorded", "abandoned")
	}
	return abandoned
}

func (w *Worker) inHand() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.held)
}

func (w *Worker) heldJobs() []*Job {
	w.mu.Lock()
	defer w.mu.Unlock()
	jobs := make([]*Job, 0, len(w.held))
	for _, h := range w.held {
		jobs = append(jobs, h.job)
	}
	return jobs
}

// leasedJobs are the jobs in hand whose lease the heartbeat renews: not
// the stuck ones.
func (w *Worker) leasedJobs() []*Job {
	w.mu.Lock()
	defer w.mu.Unlock()
	jobs := make([]*Job, 0, len(w.held))
	for _, h := range w.held {
		if !h.stuck {
			jobs = append(jobs, h.job)
		}
	}
	return jobs
}

// handlerReturned frees the slot of a job whose handler has returned (a
// stuck job's was freed when it was let go).
func (w *Worker) handlerReturned(h *heldJob) {
	w.mu.Lock()
	h.returned = true
	if h.stuck {
		w.jobLog(h.job).Warn("stuck job returned", "late_by", time.Since(h.deadline).Round(time.Millisecond))
	} else {
		w.busy--
	}
	w.mu.Unlock()
	signal(w.freed)
}

// release lets go of a claim whose outcome is recorded (or given up).
func (w *Worker) release(h *heldJob) {
	w.mu.Lock()
	delete(w.held, h.job.token)
	if w.latest[h.job.ID] == h {
		delete(w.latest, h.job.ID)
	}
	w.mu.Unlock()
	h.cancel(nil)
	close(h.done)
	signal(w.freed)
}

// record stores the handler's outcome. The bookkeeping's own errors (the
// database is restarting) are retried as what they are: a completion that
// fails is retried as a completion, never turned into a retry of the job.
// It gives up after one lease period: by then the lease has expired, and the
// reclaimer returns the job to the queue. It returns the outcome for
// Metrics.
func (w *Worker) record(job *Job, handlerErr error) (outcome string) {
	save, outcome, recorded := func(ctx context.Context) error { return w.completer.complete(ctx, job) }, "completed", "succeeded"
	if handlerErr != nil {
		save, outcome = func(ctx context.Context) error {
			return fail(ctx, w.outcomeConns, job, handlerErr, w.cfg.Backoff)
		}, "failed"
		// As failSQL decides.
		recorded = "retried"
		if job.Attempt >= job.MaxAttempts || errors.Is(handlerErr, ErrPermanent) {
			recorded = "failed"
		}
	}
	log := w.jobLog(job)
	giveUp := time.Now().Add(w.cfg.Lease)
	retry := newRetryDelay(50*time.Millisecond, 2*time.Second)
	for {
		// The completer's batch has a timeout of its own; this one also
		// bounds the wait for the batch to be taken.
		ctx, cancel := context.WithTimeout(context.Background(), 3*w.callTimeout())
		err := save(ctx)
		cancel()
		switch {
		case err == nil:
			log.Debug("job "+outcome, "recorded", outcome, "handler_err", handlerErr)
			return recorded
		case errors.Is(err, ErrLeaseLost):
			log.Warn("outcome not recorded: the lease was lost", "recorded", "lease_lost", "outcome", outcome)
			return "lease_lost"
		case time.Now().After(giveUp):
			log.Error("outcome not recorded; the job will run again when its lease expires", "recorded", "gave_up", "outcome", outcome, "err", err)
			return "not_recorded"
		}
		if errors.Is(err, errRowLocked) {
			// The heartbeat's renewal holds it for a moment, or an
			// operator's transaction for longer: the give-up is logged.
			log.Debug("the job's row is locked; retrying", "outcome", outcome)
		} else {
			log.Warn("recording the outcome failed; retrying", "outcome", outcome, "err", err)
		}
		retry.sleep(context.Background())
	}
}

// jobLog is the logger for one claim's events. Its "recorded" attribute
// says what became of the outcome: completed, failed, lease_lost (the fence
// turned it away), gave_up, or abandoned (at shutdown).
func (w *Worker) jobLog(job *Job) *slog.Logger {
	return w.log.With("job", job.ID, "kind", job.Kind, "attempt", job.Attempt)
}
