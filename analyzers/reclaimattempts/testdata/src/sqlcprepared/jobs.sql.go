package sqlcprepared

import "context"

const claim = `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING id`

func (q *Queries) Claim(ctx context.Context) (int64, error) {
	var id int64
	err := q.queryRow(ctx, q.claimStmt, claim).Scan(&id)
	return id, err
}

const finish = `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1 AND status = 'running'`

func (q *Queries) Finish(ctx context.Context, id int64) error {
	_, err := q.exec(ctx, q.finishStmt, finish, id)
	return err
}

const reclaim = `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`

func (q *Queries) Reclaim(ctx context.Context) error {
	_, err := q.exec(ctx, q.reclaimStmt, reclaim) // want `this reclaim returns jobs whose lease expired to the queue without spending an attempt`
	return err
}
