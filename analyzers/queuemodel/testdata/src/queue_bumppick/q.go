package queue_bumppick // want package:"queues\\(public.incidents\\)"

// The incidents of notake_counter worked by responders' workers. Each
// UPDATE around the pick moves the row out of it, or holds its lock:
// a take. Hold writes the lease the pick filters on (locked_until);
// Pop bounds the count the pick filters on (report_count < 5);
// Rotate rewrites the column the pick orders by (a round robin on
// updated_at); Lock writes only the counter but locks the row it picks
// (FOR UPDATE SKIP LOCKED).

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Incidents struct{ db *pgxpool.Pool }

func (s *Incidents) Open(ctx context.Context, title string, x, y float64) error {
	_, err := s.db.Exec(ctx, `INSERT INTO incidents (title, location) VALUES ($1, point($2, $3))`, title, x, y)
	return err
}

func (s *Incidents) Hold(ctx context.Context) (int64, error) { // want Hold:"claims jobs"
	var id int64
	err := s.db.QueryRow(ctx, `UPDATE incidents SET report_count = report_count + 1, locked_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM incidents WHERE status = 'reported' AND (locked_until IS NULL OR locked_until < now())
			ORDER BY created_at LIMIT 1)
		RETURNING id`).Scan(&id)
	return id, err
}

func (s *Incidents) Pop(ctx context.Context) (int64, error) { // want Pop:"claims jobs"
	var id int64
	err := s.db.QueryRow(ctx, `UPDATE incidents SET report_count = report_count + 1
		WHERE id = (SELECT id FROM incidents WHERE status = 'reported' AND report_count < 5 ORDER BY created_at LIMIT 1)
		RETURNING id`).Scan(&id)
	return id, err
}

func (s *Incidents) Rotate(ctx context.Context) (int64, error) { // want Rotate:"claims jobs"
	var id int64
	err := s.db.QueryRow(ctx, `UPDATE incidents SET report_count = report_count + 1, updated_at = now()
		WHERE id = (SELECT id FROM incidents WHERE status = 'reported' ORDER BY updated_at LIMIT 1)
		RETURNING id`).Scan(&id)
	return id, err
}

func (s *Incidents) Lock(ctx context.Context) (int64, error) { // want Lock:"claims jobs"
	var id int64
	err := s.db.QueryRow(ctx, `UPDATE incidents SET report_count = report_count + 1
		WHERE id = (SELECT id FROM incidents WHERE status = 'reported' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (s *Incidents) Resolve(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `UPDATE incidents SET status = 'resolved', updated_at = now() WHERE id = $1`, id)
	return err
}
