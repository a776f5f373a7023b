// One statement takes the job, its query rewritten from a template by a
// strings.Replacer used as a bound method value and kept in a struct built
// by the constructor; the table's name is quoted by a helper of another
// package.
package ok_replacer

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_replacer/ident"
)

type Queue struct {
	pool  *pgxpool.Pool
	table string
	q     queries
}

type queries struct {
	claim string
}

const claimTmpl = `UPDATE {t} SET status = '{running}'
	WHERE id = (SELECT id FROM {t} WHERE status = '{queued}' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
	RETURNING {t}.id`

func buildQueries(table string) queries {
	r := strings.NewReplacer("{t}", ident.Quote(table), "{queued}", "queued", "{running}", "running").Replace
	return queries{claim: r(claimTmpl)}
}

func NewQueue(pool *pgxpool.Pool, table string) *Queue {
	return &Queue{pool: pool, table: table, q: buildQueries(table)}
}

func (q *Queue) Claim(ctx context.Context) (int64, error) {
	var id int64
	err := q.pool.QueryRow(ctx, q.q.claim).Scan(&id)
	return id, err
}
