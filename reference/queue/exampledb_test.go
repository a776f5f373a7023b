package queue

import (
	"context"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// DatabaseForExamples returns a pool on a new, migrated database of the test
// server, for the Examples (package queue_test). It panics where a test
// would fail.
func DatabaseForExamples() *pgxpool.Pool {
	dsn := pgtest.DSN(examplesTB{})
	pool, err := pgxpool.New(context.Background(), dsn)
	if err != nil {
		panic(err)
	}
	if err := Migrate(context.Background(), pool); err != nil {
		panic(err)
	}
	return pool
}

// examplesTB is the testing.TB pgtest needs; only what pgtest calls.
type examplesTB struct{ testing.TB }

func (examplesTB) Helper()                           {}
func (examplesTB) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }
func (examplesTB) Skipf(format string, args ...any)  { panic(fmt.Sprintf(format, args...)) }
