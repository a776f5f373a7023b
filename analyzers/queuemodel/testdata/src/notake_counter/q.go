// Citizen reports of incidents: a new report near an open incident
// counts towards it (report_count + 1 on the nearest one reported in the
// last half hour) instead of opening another. The UPDATE around the
// nearest-open pick writes only the counter and updated_at, neither of
// which the pick filters or orders on: the next report picks the same
// incident again, as it should. Nothing is taken, and the table is no
// queue, though incidents are created 'reported' and end 'resolved'.
package notake_counter

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Incidents struct{ db *pgxpool.Pool }

func (s *Incidents) Open(ctx context.Context, title string, x, y float64) (int64, error) {
	var id int64
	err := s.db.QueryRow(ctx, `INSERT INTO incidents (title, location) VALUES ($1, point($2, $3)) RETURNING id`, title, x, y).Scan(&id)
	return id, err
}

func (s *Incidents) Dedupe(ctx context.Context, x, y float64) (int64, error) {
	var id int64
	err := s.db.QueryRow(ctx, `UPDATE incidents SET report_count = report_count + 1, updated_at = now()
		WHERE id = (SELECT id FROM incidents
			WHERE status IN ('reported', 'verified') AND created_at > now() - interval '30 minutes'
			ORDER BY location <-> point($1, $2) LIMIT 1)
		RETURNING id`, x, y).Scan(&id)
	return id, err
}

func (s *Incidents) Resolve(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `UPDATE incidents SET status = 'resolved', updated_at = now() WHERE id = $1 AND status = 'verified'`, id)
	return err
}
