package queuemodel

import "testing"

// ParsedSQL is the text the statements are read from: what -verify runs.
func TestParsedSQL(t *testing.T) {
	for _, c := range []struct{ method, sql, want string }{
		{"Get", `SELECT * FROM jobs WHERE queue = ? AND run_at < ?`, `SELECT * FROM jobs WHERE queue = $1 AND run_at < $2`},
		{"NamedExec", `UPDATE jobs SET status = :status WHERE id = :id`, `UPDATE jobs SET status = $1 WHERE id = $2`},
		// PostgreSQL's jsonb ? operator: the text parses as it is.
		{"Query", `SELECT id FROM jobs WHERE payload ? 'email'`, `SELECT id FROM jobs WHERE payload ? 'email'`},
		{"Exec", `UPDATE jobs SET status = 'done' WHERE id = $1`, `UPDATE jobs SET status = 'done' WHERE id = $1`},
	} {
		if got := (&Call{Method: c.method, SQL: c.sql}).ParsedSQL(); got != c.want {
			t.Errorf("%s %q: got %q, want %q", c.method, c.sql, got, c.want)
		}
	}
}
