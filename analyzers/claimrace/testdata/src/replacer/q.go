// The seed's race with its queries rewritten from templates by a
// strings.Replacer used as a bound method value, kept in a struct built by
// the constructor and read later by the methods; the table's name, given
// at run time, is quoted by a helper of another package.
package replacer

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"replacer/ident"
)

type Queue struct {
	pool  *pgxpool.Pool
	table string
	q     queries
}

type queries struct {
	poll, take string
}

const pollTmpl = `SELECT id FROM {t} WHERE status = '{queued}' ORDER BY run_at LIMIT 1`

func buildQueries(table string) queries {
	r := strings.NewReplacer("{t}", ident.Quote(table), "{queued}", "queued", "{running}", "running").Replace
	return queries{
		poll: r(pollTmpl),
		take: r(`UPDATE {t} SET status = '{running}' WHERE id = $1`),
	}
}

func NewQueue(pool *pgxpool.Pool, table string) *Queue {
	return &Queue{pool: pool, table: table, q: buildQueries(table)}
}

func (q *Queue) Claim(ctx context.Context) (int64, error) {
	var id int64
	err := q.pool.QueryRow(ctx, q.q.poll).Scan(&id) // want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
	if err != nil {
		return 0, err
	}
	_, err = q.pool.Exec(ctx, q.q.take, id)
	return id, err
}
