package querierstore

import "context"

// Claimer is what Repo and Sticky both do.
type Claimer interface {
	Next(ctx context.Context, q Querier) (Job, error)
	MarkRunning(ctx context.Context, q Querier, id int64) error
}

// Sticky runs on the Querier it was made with, whatever its caller hands
// it.
type Sticky struct{ q Querier }

func (p Sticky) Next(ctx context.Context, _ Querier) (Job, error) {
	var j Job
	err := p.q.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&j.ID, &j.Payload)
	return j, err
}

func (p Sticky) MarkRunning(ctx context.Context, _ Querier, id int64) error {
	_, err := p.q.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return err
}
