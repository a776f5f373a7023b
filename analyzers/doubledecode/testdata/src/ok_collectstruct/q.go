// Collected rows read right: a json.RawMessage field decoded once, a
// field of type any over a text column (pgx gives a string), and a struct
// whose positions put the jsonb column in a []byte.
package ok_collectstruct

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID      int64
	Kind    any
	Payload json.RawMessage
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
		if err := json.Unmarshal(j.Payload, &p); err != nil {
			return nil, err
		}
		var k map[string]any
		_ = json.Unmarshal([]byte(j.Kind.(string)), &k)
		out = append(out, p, k)
	}
	return out, nil
}

type positional struct {
	Any  any
	Meta []byte
}

func ByPos(ctx context.Context, pool *pgxpool.Pool, id int64) (map[string]any, error) {
	rows, _ := pool.Query(ctx, `SELECT kind, meta FROM jobs WHERE id = $1`, id)
	j, err := pgx.CollectOneRow(rows, pgx.RowToStructByPos[positional])
	if err != nil {
		return nil, err
	}
	var p map[string]any
	err = json.Unmarshal(j.Meta, &p)
	_ = j.Any.(string)
	return p, err
}

// A struct with fewer fields than the row has columns: pgx refuses it at
// run time ("dst struct has only 1 fields"), which is not this rule's
// business; the payload past its fields fills no field.
type short struct {
	ID int64
}

func Short(ctx context.Context, pool *pgxpool.Pool, id int64) (short, error) {
	rows, _ := pool.Query(ctx, `SELECT id, payload FROM jobs WHERE id = $1`, id)
	j, err := pgx.CollectOneRow(rows, pgx.RowToStructByPos[short])
	return j, err
}
