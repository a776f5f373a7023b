// Merging duplicate notes: a review reads a page of active notes, and the
// duplicates it finds are superseded by key, only if still active. The
// compare-and-set has a claim's shape, but 'superseded' is final: nothing
// moves a note out of it again, so nothing is taken to be worked.
package notqueue_deprecate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const schema = `
CREATE TABLE notes (
	id text PRIMARY KEY,
	org_id text NOT NULL,
	body text NOT NULL,
	status text NOT NULL DEFAULT 'active',
	superseded_by text,
	created_at timestamptz NOT NULL DEFAULT now()
)`

func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, schema)
	return err
}

type Note struct {
	ID   string
	Body string
}

func Page(ctx context.Context, pool *pgxpool.Pool, org string) ([]Note, error) {
	rows, err := pool.Query(ctx, `SELECT id, body FROM notes WHERE org_id = $1 AND status = 'active'
		ORDER BY created_at LIMIT 200`, org)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Note
	for rows.Next() {
		var n Note
		if err := rows.Scan(&n.ID, &n.Body); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

func Supersede(ctx context.Context, pool *pgxpool.Pool, org string, ids []string, by string) error {
	_, err := pool.Exec(ctx, `UPDATE notes SET status = 'superseded', superseded_by = $3
		WHERE org_id = $1 AND id = ANY($2) AND status = 'active'`, org, ids, by)
	return err
}

func Add(ctx context.Context, pool *pgxpool.Pool, org, body string) error {
	_, err := pool.Exec(ctx, `INSERT INTO notes (id, org_id, body, status, created_at) VALUES (gen_random_uuid()::text, $1, $2, 'active', now())`, org, body)
	return err
}

// Wiping an organisation deletes its notes whatever their state: a purge
// by owner, not a worker finishing a job.
func Wipe(ctx context.Context, pool *pgxpool.Pool, org string) error {
	_, err := pool.Exec(ctx, `DELETE FROM notes WHERE org_id = $1`, org)
	return err
}

// Counting the notes still to embed, in whichever column the model in use
// writes: SQL the tool cannot read, but a read, which moves no note.
func Unembedded(ctx context.Context, pool *pgxpool.Pool, column string) (int, error) {
	var n int
	err := pool.QueryRow(ctx, `SELECT count(*) FROM notes WHERE status = 'active' AND `+column+` IS NULL`).Scan(&n)
	return n, err
}
