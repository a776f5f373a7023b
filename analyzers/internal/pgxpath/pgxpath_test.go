package pgxpath_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/pgxpath"
)

func TestCanonical(t *testing.T) {
	for in, want := range map[string]string{
		"github.com/jackc/pgx/v4":         "github.com/jackc/pgx/v5",
		"github.com/jackc/pgx/v4/pgxpool": "github.com/jackc/pgx/v5/pgxpool",
		"github.com/jackc/pgconn":         "github.com/jackc/pgx/v5/pgconn",
		"github.com/jackc/pgx/v5/pgxpool": "github.com/jackc/pgx/v5/pgxpool",
		"github.com/jackc/pgtype":         "github.com/jackc/pgtype", // not read: left as it is
		"database/sql":                    "database/sql",
	} {
		if got := pgxpath.Canonical(in); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
}
