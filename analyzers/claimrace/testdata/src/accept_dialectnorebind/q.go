// The same store with no helper that numbers its ? parameters: lib/pq
// sends a ? to PostgreSQL as it is, where it does not parse, so the SQL is
// SQLite's, and not judged.
package accept_dialectnorebind

import (
	"context"
	"database/sql"
	"strings"
)

type dialect interface {
	rebind(query string) string
}

type postgresDialect struct{}

func (postgresDialect) rebind(query string) string { return strings.TrimSpace(query) }

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
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT id FROM jobs WHERE status = ? ORDER BY id LIMIT 1`), "queued").Scan(&id); err != nil {
		return 0, err
	}
	_, err := s.db.ExecContext(ctx, s.q(`UPDATE jobs SET status = ? WHERE id = ?`), "running", id)
	return id, err
}
