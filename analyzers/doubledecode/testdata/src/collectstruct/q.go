// Rows collected into structs: a field of type any that pgx fills from a
// jsonb column holds the decoded value, as a Scan target would, whether
// pgx matches it by name, by db tag or by position.
package collectstruct

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID      int64
	Kind    string
	Payload any
}

func Due(ctx context.Context, pool *pgxpool.Pool) ([]map[string]any, error) {
	rows, err := pool.Query(ctx, `SELECT id, kind, payload FROM jobs WHERE status = 'queued'`)
	if err != nil {
		return nil, err
	}
	jobs, err := pgx.CollectRows(rows, pgx.RowToStructByName[Job])
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	for _, j := range jobs {
		var p map[string]any
		if err := json.Unmarshal(j.Payload.([]byte), &p); err != nil { // want `payload \(jsonb\) arrives already decoded, so this assertion to .* panics on every job\npgx scanned it into an .any. already decoded`
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

type tagged struct {
	ID   int64 `db:"id"`
	Args any   `db:"payload"`
}

func One(ctx context.Context, pool *pgxpool.Pool, id int64) (map[string]any, error) {
	rows, _ := pool.Query(ctx, `SELECT id, payload FROM jobs WHERE id = $1`, id)
	j, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[tagged])
	if err != nil {
		return nil, err
	}
	var p map[string]any
	err = json.Unmarshal([]byte(j.Args.(string)), &p) // want `payload \(jsonb\) arrives already decoded`
	return p, err
}

type positional struct {
	ID   int64
	Meta any
}

func ByPos(ctx context.Context, pool *pgxpool.Pool, id int64) (map[string]any, error) {
	rows, _ := pool.Query(ctx, `SELECT id, meta FROM jobs WHERE id = $1`, id)
	j, err := pgx.CollectOneRow(rows, pgx.RowToStructByPos[positional])
	if err != nil {
		return nil, err
	}
	var p map[string]any
	err = json.Unmarshal(j.Meta.([]byte), &p) // want `meta \(json\) arrives already decoded`
	return p, err
}

func Bare(ctx context.Context, pool *pgxpool.Pool, id int64) (map[string]any, error) {
	rows, _ := pool.Query(ctx, `SELECT payload FROM jobs WHERE id = $1`, id)
	v, err := pgx.CollectOneRow(rows, pgx.RowTo[any])
	if err != nil {
		return nil, err
	}
	var p map[string]any
	err = json.Unmarshal(v.([]byte), &p) // want `payload \(jsonb\) arrives already decoded`
	return p, err
}
