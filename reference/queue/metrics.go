package queue

import "time"

// Metrics receives a worker's measurements (Config.Metrics): one call per
// run of a job, once its outcome is decided. An exporter turns them into
// what its system wants: a Prometheus counter of runs by kind and outcome,
// histograms of Wait and Run by kind. The queue depends on none. It is
// called on the job's goroutine, after the slot is freed: keep it quick.
type Metrics interface {
	JobDone(JobMetrics)
}

// JobMetrics is one run of a job.
type JobMetrics struct {
	Queue, Kind string
	Attempt     int
	// Outcome is what became of the run: "succeeded"; "retried" (failed,
	// attempts left: the job waits for its backoff); "failed" (for good);
	// "lease_lost" (reclaimed or cancelled meanwhile: not recorded);
	// "not_recorded" (the database could not be reached in time: the job
	// runs again when its lease expires).
	Outcome string
	// Wait is how long the job waited from when it was due to its claim,
	// by the database clock; Run, how long its handler ran.
	Wait, Run time.Duration
}

// observe reports a run to the configured Metrics.
func (w *Worker) observe(job *Job, outcome string, run time.Duration) {
	if w.cfg.Metrics == nil {
		return
	}
	w.cfg.Metrics.JobDone(JobMetrics{
		Queue: job.Queue, Kind: job.Kind, Attempt: job.Attempt,
		Outcome: outcome, Wait: job.waited, Run: run,
	})
}
