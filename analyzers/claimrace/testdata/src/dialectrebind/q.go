// A store that writes its SQL with ? parameters for SQLite and MySQL, and
// numbers them for PostgreSQL in its dialect's rebind helper: on
// PostgreSQL the unlocked SELECT then the UPDATE by id race.
package dialectrebind

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
)

type dialect interface {
	rebind(query string) string
}

type postgresDialect struct{}

func (postgresDialect) rebind(query string) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	return b.String()
}

type sqliteDialect struct{}

func (sqliteDialect) rebind(query string) string { return query }

type Store struct {
	db      *sql.DB
	dialect dialect
}

func OpenPostgres(db *sql.DB) *Store { return &Store{db: db, dialect: postgresDialect{}} }

func OpenSQLite(db *sql.DB) *Store { return &Store{db: db, dialect: sqliteDialect{}} }

func (s *Store) q(query string) string { return s.dialect.rebind(query) }

func (s *Store) Claim(ctx context.Context) (int64, error) {
	var id int64
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT id FROM jobs WHERE status = ? ORDER BY id LIMIT 1`), "queued").Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	_, err := s.db.ExecContext(ctx, s.q(`UPDATE jobs SET status = ? WHERE id = ?`), "running", id)
	return id, err
}
