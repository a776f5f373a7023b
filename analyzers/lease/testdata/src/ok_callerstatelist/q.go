// The same claim, and a store method that saves jobs its callers give,
// state and all (SET status = $1 from their structs): a caller out of
// sight may put a claimed job back with it. The package cannot tell.
package ok_callerstatelist

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID     int64
	Status string
}

func Claim(ctx context.Context, pool *pgxpool.Pool, owner string) ([]*Job, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, spec FROM jobs WHERE status = 'pending' FOR UPDATE SKIP LOCKED LIMIT 10`)
	if err != nil {
		return nil, err
	}
	list := []*Job{}
	for rows.Next() {
		var id int64
		var spec string
		if err := rows.Scan(&id, &spec); err != nil {
			return nil, err
		}
		if spec == "" {
			list = append(list, &Job{ID: id, Status: "bad spec"})
			continue
		}
		list = append(list, &Job{ID: id, Status: "claimed"})
	}
	rows.Close()
	for i := 0; i < len(list); i++ {
		if list[i].Status == "claimed" {
			_, err = tx.Exec(ctx, `UPDATE jobs SET claimed_by = $1, status = 'claimed' WHERE id = $2`, owner, list[i].ID)
		} else {
			_, err = tx.Exec(ctx, `UPDATE jobs SET claimed_by = NULL, status = $1 WHERE id = $2`, list[i].Status, list[i].ID)
		}
		if err != nil {
			return nil, err
		}
	}
	return list, tx.Commit(ctx)
}

func Create(ctx context.Context, pool *pgxpool.Pool, spec string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (spec, status) VALUES ($1, 'pending')`, spec)
	return err
}

func Save(ctx context.Context, pool *pgxpool.Pool, list []*Job) error {
	for i := 0; i < len(list); i++ {
		if _, err := pool.Exec(ctx, `UPDATE jobs SET claimed_by = NULL, status = $1 WHERE id = $2`, list[i].Status, list[i].ID); err != nil {
			return err
		}
	}
	return nil
}
