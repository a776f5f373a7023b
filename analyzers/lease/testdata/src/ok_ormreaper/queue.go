// The queue claims with go-pg and stamps started_at; the stalled-job
// reaper lives in a package of its own that imports this one (reaper/),
// and builds its UPDATE with go-pg too. This package cannot see its
// importers, and the module's SQL text holds no reaper: go-pg assembles it
// from fragments ("started_at" < ?) the text read cannot make a statement
// of. The claim is not reported; nor is the reaper, read in its own
// package, taken for a claim that moves jobs back to pending.
package ok_ormreaper

import (
	"context"
	"time"

	"github.com/go-pg/pg/v10"
)

type Status string

const (
	Pending    Status = "pending"
	Processing Status = "processing"
	Failed     Status = "failed"
	Completed  Status = "completed"
)

type Job struct {
	tableName struct{} `pg:"jobs"`

	JobID     int64 `pg:"job_id,pk"`
	Queue     string
	Status    Status
	Attempt   int
	StartedAt *time.Time
}

type Processor struct {
	db *pg.DB
}

func (p *Processor) Enqueue(ctx context.Context, queue string) error {
	_, err := p.db.ModelContext(ctx, &Job{Queue: queue, Status: Pending}).Insert()
	return err
}

func (p *Processor) next(ctx context.Context) (*Job, error) {
	var job Job
	_, err := p.db.ModelContext(ctx, &job).
		Set(`"status" = ?`, Processing).
		Set(`"started_at" = ?`, time.Now()).
		Where(`"job_id" = (?)`,
			p.db.Model(new(Job)).
				Column("job_id").
				Where(`"status" = ?`, Pending).
				Order("job_id ASC").
				For("UPDATE SKIP LOCKED").
				Limit(1)).
		Returning("*").
		Update(&job)
	if err != nil {
		return nil, err
	}
	return &job, nil
}

func (p *Processor) finish(ctx context.Context, job *Job, failed bool) error {
	status := Completed
	if failed {
		status = Failed
	}
	_, err := p.db.ModelContext(ctx, job).Set(`"status" = ?`, status).WherePK().Update()
	return err
}

func (p *Processor) Run(ctx context.Context, work func(*Job) error) error {
	for {
		job, err := p.next(ctx)
		if err != nil {
			return err
		}
		if job == nil {
			return nil
		}
		if err := p.finish(ctx, job, work(job) != nil); err != nil {
			return err
		}
	}
}
