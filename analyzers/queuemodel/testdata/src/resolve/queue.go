// Every way the package builds SQL, read or left unread with its reason.
package resolve

import (
	"context"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Table may be set by any importer: it stands for itself.
var Table = "jobs"

// schemaName has one value and only this package can change it: read as "queue".
var schemaName = "queue"

type Queue struct {
	pool  *pgxpool.Pool
	table string
}

// New stores its argument into Queue.table: the DDL it runs names the very
// table the methods poll.
func New(ctx context.Context, pool *pgxpool.Pool, table string) *Queue {
	pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued')`, table))
	return &Queue{pool: pool, table: table}
}

func (q *Queue) name() string { return q.table }

type State string

const (
	StateRunning State = "running"
	StateDone    State = "done"
	StateFailed  State = "failed"
)

func (q *Queue) shapes(ctx context.Context, n int, where string, cond bool, id int64) {
	q.pool.Exec(ctx, fmt.Sprintf("SELECT id FROM %s WHERE status = 'queued' LIMIT %d", q.table, n))
	q.pool.Exec(ctx, "DELETE FROM "+q.name()+" WHERE id = $1", id)
	q.pool.Exec(ctx, "SELECT id FROM "+Table+" OFFSET "+strconv.Itoa(n))
	q.pool.Exec(ctx, fmt.Sprintf("SELECT id FROM %s.jobs", schemaName))
	q.pool.Exec(ctx, "SELECT id FROM "+pgx.Identifier{schemaName, q.table}.Sanitize())
	q.pool.Exec(ctx, "DELETE FROM "+pq.QuoteIdentifier(q.table)+" WHERE status = 'done'")
	q.pool.Exec(ctx, fmt.Sprintf(`UPDATE %[1]s SET status = 'x' WHERE id = (SELECT id FROM %[1]s LIMIT 1)`, q.table))
	s := "SELECT id FROM " + q.table
	s += " WHERE status = 'queued'"
	s += " LIMIT 1"
	q.pool.Exec(ctx, s)
	b := "SELECT id FROM jobs"
	if cond {
		b += " WHERE " + where
	}
	q.pool.Exec(ctx, b)
	l := "SELECT 1"
	for i := 0; i < n; i++ {
		l += ", 1"
	}
	q.pool.Exec(ctx, l)
	q.pool.Exec(ctx, fmt.Sprintf("SELECT id FROM jobs WHERE %s", where))
	q.pool.Exec(ctx, fmt.Sprintf("SELECT id FROM jobs WHERE status = '%s'", q.table))
	q.pool.Exec(ctx, fmt.Sprintf("SELECT %s FROM jobs", q.table))
	q.pool.Exec(ctx, fmt.Sprintf(where, 1))
	q.pool.Exec(ctx, fmt.Sprintf("SELECT id FROM %s_%d", q.table, n))
	q.pool.Exec(ctx, "UPDATE jobs SET run_at = now() + interval '"+strconv.Itoa(n)+" seconds' WHERE id = $1", id)
	q.pool.Exec(ctx, "UPDATE jobs SET status = $1 WHERE id = $2", StateRunning, id)
	state := StateDone
	if cond {
		state = StateFailed
	}
	q.pool.Exec(ctx, "UPDATE jobs SET status = $1 WHERE id = $2", state, id)
}

func viaSqlx(db *sqlx.DB, ids []int64, j any) {
	query, args, _ := sqlx.In("UPDATE jobs SET status = 'done' WHERE id IN (?)", ids)
	query = db.Rebind(query)
	db.MustExec(query, args...)
	var got []int64
	db.Select(&got, "SELECT id FROM jobs WHERE status = ? LIMIT ?", "queued", 10)
	db.NamedExec(`INSERT INTO jobs (kind, payload) VALUES (:kind, :payload::jsonb)`, j)
	db.Get(&got, "SELECT id FROM jobs WHERE payload ? 'to'")
}
