// A scheduler of one-off jobs on a pgx pool: every tick it reads the due
// jobs, runs each one's handler, then deletes it by id.
package due_delete_pgx

import (
	"context"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler func(ctx context.Context, payload []byte) error

type job struct {
	id      int64
	kind    string
	payload []byte
}

type Scheduler struct {
	pool     *pgxpool.Pool
	handlers map[string]Handler
}

func (s *Scheduler) Schedule(ctx context.Context, kind string, payload []byte, at time.Time) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO scheduled_jobs (kind, payload, run_at) VALUES ($1, $2, $3)`, kind, payload, at)
	return err
}

func (s *Scheduler) due(ctx context.Context) ([]job, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, kind, payload FROM scheduled_jobs WHERE run_at <= now()`) // want `two schedulers run the same due job: each hands it to its work before either takes it`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []job
	for rows.Next() {
		var j job
		if err := rows.Scan(&j.id, &j.kind, &j.payload); err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

func (s *Scheduler) run(ctx context.Context, j job) {
	h, ok := s.handlers[j.kind]
	if !ok {
		return
	}
	if err := h(ctx, j.payload); err != nil {
		log.Printf("job %d: %v", j.id, err)
		return
	}
	if _, err := s.pool.Exec(ctx, `DELETE FROM scheduled_jobs WHERE id = $1`, j.id); err != nil {
		log.Printf("delete job %d: %v", j.id, err)
	}
}

func (s *Scheduler) Loop(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			jobs, err := s.due(ctx)
			if err != nil {
				continue
			}
			for _, j := range jobs {
				s.run(ctx, j)
			}
		}
	}
}
