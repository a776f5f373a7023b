// A worker claims jobs from the module's own queue, which has a lease and
// takes expired ones back, and keeps each file's stage in a record beside
// it. A worker killed mid-job leaves the stage running only until the
// queue hands the job out again: the next run moves the stage on.
package ok_record_queued

import (
	"context"
	"database/sql"
	"log"
)

type Job struct {
	ID     int64
	FileID int64
}

func claim(ctx context.Context, db *sql.DB) (j Job, err error) {
	err = db.QueryRowContext(ctx, `UPDATE job_queue SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM job_queue WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, file_id`).Scan(&j.ID, &j.FileID)
	return j, err
}

func complete(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE job_queue SET status = 'done' WHERE id = $1 AND status = 'running'`, id)
	return err
}

func addStage(ctx context.Context, db *sql.DB, fileID int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO file_stages (file_id, status) VALUES ($1, 'pending')`, fileID)
	return err
}

func setStage(ctx context.Context, db *sql.DB, fileID int64, status string) error {
	_, err := db.ExecContext(ctx, `UPDATE file_stages SET status = $1 WHERE file_id = $2`, status, fileID)
	return err
}

type Worker struct {
	db       *sql.DB
	download func(context.Context, int64) error
}

func (w *Worker) process(ctx context.Context, job Job) error {
	if err := setStage(ctx, w.db, job.FileID, "running"); err != nil {
		return err
	}
	if err := w.download(ctx, job.FileID); err != nil {
		return setStage(ctx, w.db, job.FileID, "failed")
	}
	return setStage(ctx, w.db, job.FileID, "done")
}

func (w *Worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		job, err := claim(ctx, w.db)
		if err != nil {
			continue
		}
		if err := w.process(ctx, job); err != nil {
			log.Print(err)
			continue
		}
		if err := complete(ctx, w.db, job.ID); err != nil {
			log.Print(err)
		}
	}
}
