// sqlc queries: a page of an organization's projects, and moving a project.
package notqueue_sqlc

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	Query(context.Context, string, ...interface{}) (pgx.Rows, error)
}

type Queries struct{ db DBTX }

const listProjects = `-- name: ListProjects :many
SELECT id, name FROM projects WHERE org_id = $1 ORDER BY name LIMIT $2`

const moveProject = `-- name: MoveProject :exec
UPDATE projects SET org_id = $1 WHERE id = $2`

func (q *Queries) ListProjects(ctx context.Context, org int64, n int32) (pgx.Rows, error) {
	return q.db.Query(ctx, listProjects, org, n)
}

func (q *Queries) MoveProject(ctx context.Context, org, id int64) error {
	_, err := q.db.Exec(ctx, moveProject, org, id)
	return err
}
