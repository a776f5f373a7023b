package bunbranchqueue // want package:"queues\\(public.jobs\\)"

// A bun queue whose claim locks rows only on PostgreSQL (SQLite has no FOR
// UPDATE), and whose completion sets the output only when there is one.

import (
	"context"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

type Job struct {
	bun.BaseModel `bun:"table:jobs"`
	ID            int64 `bun:",pk"`
	Status        string
	Output        string
}

func Enqueue(ctx context.Context, db *bun.DB) error {
	_, err := db.NewInsert().Model(&Job{Status: "pending"}).Exec(ctx)
	return err
}

func Claim(ctx context.Context, db *bun.DB) (*Job, error) { // want Claim:"claims jobs"
	_, isPostgres := db.Dialect().(*pgdialect.Dialect)
	var job Job
	err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		q := tx.NewSelect().Model(&job).Where("status = ?", "pending").Order("id").Limit(1)
		if isPostgres {
			q = q.For("UPDATE SKIP LOCKED")
		}
		if err := q.Scan(ctx); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Table("jobs").Set("status = ?", "running").Where("id = ?", job.ID).Exec(ctx)
		return err
	})
	return &job, err
}

func Finish(ctx context.Context, db *bun.DB, id int64, output string) error { // want Finish:"completes jobs, writes outcomes, returns a write's error"
	u := db.NewUpdate().Table("jobs").Set("status = ?", "done")
	if output != "" {
		u = u.Set("output = ?", output)
	}
	_, err := u.Where("id = ?", id).Exec(ctx)
	return err
}

// Settle records the outcome: the paths set other columns, so $1 is the
// error on one and the state on the other.
func Settle(ctx context.Context, db *bun.DB, id int64, runErr error) error { // want Settle:"completes jobs, fails jobs, writes outcomes, returns a write's error"
	u := db.NewUpdate().Table("jobs")
	if runErr != nil {
		u = u.Set("output = ?", runErr.Error()).Set("status = ?", "failed")
	} else {
		u = u.Set("status = ?", "done")
	}
	_, err := u.Where("id = ?", id).Exec(ctx)
	return err
}
