package sqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNamesOtherDatabase(t *testing.T) {
	for path, want := range map[string]bool{
		"github.com/glebarez/sqlite":                      true,
		"github.com/example/gorm-sqlserver":               true,
		"cloud.google.com/go/spanner":                     true,
		"github.com/jackc/pgx/v5/stdlib":                  false,
		"database/sql":                                    false,
		"example/sqlite":                                  false, // no domain: the standard library or a GOPATH package
		"github.com/doug-martin/goqu/v9/dialect/postgres": false,
		"github.com/doug-martin/goqu/v9/dialect/mysql":    true,
	} {
		require.Equal(t, want, namesOtherDatabase(path), path)
	}
}
