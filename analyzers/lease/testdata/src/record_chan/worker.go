// A pool of goroutines fed jobs by a Go channel keeps each job's record
// in PostgreSQL, saved from the struct the worker moves from state to
// state. A process killed mid-job loses the channel's jobs and leaves
// their records processing.
package record_chan

import (
	"context"
	"database/sql"
	"log"
)

type Task struct {
	ID      int64
	Kind    string
	Status  string
	Payload []byte
}

func enqueue(ctx context.Context, db *sql.DB, t *Task) error {
	return db.QueryRowContext(ctx, `INSERT INTO tasks (kind, status, payload) VALUES ($1, 'queued', $2) RETURNING id`, t.Kind, t.Payload).Scan(&t.ID)
}

func save(ctx context.Context, db *sql.DB, t *Task) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET status = $1 WHERE id = $2`, t.Status, t.ID)
	return err
}

type Pool struct {
	db      *sql.DB
	tasks   chan *Task
	handler func(context.Context, *Task) error
}

func (p *Pool) Submit(ctx context.Context, t *Task) error {
	if err := enqueue(ctx, p.db, t); err != nil {
		return err
	}
	p.tasks <- t
	return nil
}

func (p *Pool) Run(ctx context.Context, n int) {
	for range n {
		go p.work(ctx)
	}
}

func (p *Pool) work(ctx context.Context) {
	for t := range p.tasks {
		t.Status = "processing"
		if err := save(ctx, p.db, t); err != nil { // want `this call marks the job record "processing" before the work, and nothing in the module moves it back`
			log.Print(err)
			continue
		}
		if err := p.handler(ctx, t); err != nil {
			t.Status = "failed"
		} else {
			t.Status = "completed"
		}
		if err := save(ctx, p.db, t); err != nil {
			log.Print(err)
		}
	}
}
