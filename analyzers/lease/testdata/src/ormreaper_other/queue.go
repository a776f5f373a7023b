// The same queue, but the other package's go-pg fragments compare no
// lease: its sweep deletes finished jobs by age ("completed_at" < ?) and
// counts stalled ones in a statement of its own,
// only a test compares started_at, and this package's own comparison is a
// count. Nothing takes a killed worker's job back.
package ormreaper_other

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

	JobID       int64 `pg:"job_id,pk"`
	Queue       string
	Status      Status
	Attempt     int
	StartedAt   *time.Time
	CompletedAt *time.Time
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
	_, err := p.db.ModelContext(ctx, &job). // want `this claim writes a lease \(started_at\), but no statement in the module returns jobs whose lease expired`
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

// Stuck counts the jobs in progress for longer than d, for a dashboard:
// this package's own fragment, read with its statement, takes nothing
// back.
func (p *Processor) Stuck(ctx context.Context, d time.Duration) (int, error) {
	return p.db.ModelContext(ctx, new(Job)).
		Where(`"status" = ?`, Processing).
		Where(`"started_at" < ?`, time.Now().Add(-d)).
		Count()
}
