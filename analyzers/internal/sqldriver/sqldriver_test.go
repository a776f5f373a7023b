package sqldriver

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDrivers(t *testing.T) {
	// pgx's stdlib in main; lib/pq registered by a library's test.
	require.Equal(t, Drivers{Postgres: true}, Of("testdata/pgonly"))
	require.True(t, Of("testdata/pgonly").OnlyPostgres())
	require.Equal(t, Drivers{Postgres: true}, Of("testdata/pgonly/store"))
	// Tests that run on SQLite: the code may talk to SQLite.
	require.Equal(t, Drivers{Postgres: true, Other: true}, Of("testdata/sqlitetests"))
	// lib/pq beside MySQL's driver: database/sql may talk to either.
	require.Equal(t, Drivers{Postgres: true, Other: true}, Of("testdata/mixed"))
	require.False(t, Of("testdata/mixed").OnlyPostgres())
	// A SQLite dialector jobqlint does not list, named by its import path.
	require.Equal(t, Drivers{Postgres: true, Other: true}, Of("testdata/gormsqlite"))
	var a, b bytes.Buffer
	Key(&a, "testdata/pgonly")
	Key(&b, "testdata/mixed")
	require.NotEqual(t, a.String(), b.String())
}
