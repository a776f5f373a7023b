package ormsql_test

import (
	"context"
	"fmt"
	"go/types"
	"reflect"
	"sort"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
	gormschema "gorm.io/gorm/schema"

	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql"
	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql/testdata/src/gormmigrated"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/internal/pgtest"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// migratedDDL runs GormDDL on every struct type of the gormmigrated
// fixture: the statements of each model read, the reason of each refused.
func migratedDDL(t *testing.T) (ddl map[string][]ormsql.DeclaredDDL, refused map[string]string) {
	t.Helper()
	ddl, refused = map[string][]ormsql.DeclaredDDL{}, map[string]string{}
	a := &analysis.Analyzer{
		Name: "gormddl",
		Doc:  "GormDDL of each model",
		Run: func(pass *analysis.Pass) (any, error) {
			scope := pass.Pkg.Scope()
			for _, name := range scope.Names() {
				tn, ok := scope.Lookup(name).(*types.TypeName)
				if !ok {
					continue
				}
				named := tn.Type().(*types.Named)
				if _, ok := named.Underlying().(*types.Struct); !ok {
					continue
				}
				stmts, why := ormsql.GormDDL(&ormsql.Request{Info: pass.TypesInfo}, named)
				if why != "" {
					refused[name] = why
					continue
				}
				ddl[name] = stmts
			}
			return nil, nil
		},
	}
	analysistest.Run(t, ruletest.GOPATH(t), a, "gormmigrated")
	return ddl, refused
}

// catalog describes what PostgreSQL holds for a table: each column's type,
// NOT NULL and default, each index's definition, each constraint's but
// the foreign keys.
func catalog(t *testing.T, conn *pgx.Conn, table string) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	query := func(sql string) {
		rows, err := conn.Query(ctx, sql, table)
		require.NoError(t, err)
		for rows.Next() {
			vals, err := rows.Values()
			require.NoError(t, err)
			out = append(out, fmt.Sprint(vals...))
		}
		require.NoError(t, rows.Err())
	}
	query(`SELECT 'column ', a.attname, ' ', format_type(a.atttypid, a.atttypmod), ' notnull=', a.attnotnull, ' default=', coalesce(pg_get_expr(d.adbin, d.adrelid), '')
		FROM pg_attribute a LEFT JOIN pg_attrdef d ON (d.adrelid, d.adnum) = (a.attrelid, a.attnum)
		WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped`)
	query(`SELECT 'index ', indexdef FROM pg_indexes WHERE tablename = $1`)
	// Foreign keys left out: jobqlint writes none (no rule reads them).
	query(`SELECT 'constraint ', conname, ' ', pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = $1::regclass AND contype <> 'f'`)
	sort.Strings(out)
	return out
}

// GORM's AutoMigrate and the DDL jobqlint writes for the same models make
// the same tables on PostgreSQL 15: columns, types, NOT NULL, defaults,
// the primary key, unique constraints and indexes (partial, sorted,
// composite in priority order).
func TestGormDDLIsWhatAutoMigrateCreates(t *testing.T) {
	ddl, refused := migratedDDL(t)
	models := map[string]any{
		"Job":         &gormmigrated.Job{},
		"Worker":      &gormmigrated.Worker{},
		"OutboxEvent": &gormmigrated.OutboxEvent{},
		"Task":        &gormmigrated.Task{},
		"Lease":       &gormmigrated.Lease{},
		"Message":     &gormmigrated.Message{},
		"Delivery":    &gormmigrated.Delivery{},
	}
	for name := range models {
		require.Contains(t, ddl, name, "refused: %s", refused[name])
	}
	require.Contains(t, refused["Invoice"], "Value")
	require.Len(t, ddl, len(models))

	gdb, err := gorm.Open(postgres.Open(pgtest.DSN(t)), &gorm.Config{Logger: logger.Discard})
	require.NoError(t, err)
	ours := pgtest.Connect(t)
	theirs, err := pgx.Connect(context.Background(), gdb.Dialector.(*postgres.Dialector).Config.DSN)
	require.NoError(t, err)
	defer theirs.Close(context.Background())
	for name, model := range models {
		require.NoError(t, gdb.AutoMigrate(model), name)
		for _, s := range ddl[name] {
			pgtest.Exec(t, ours, s.SQL)
		}
		table := gdb.NamingStrategy.TableName(reflect.TypeOf(model).Elem().Name())
		want := catalog(t, theirs, table)
		require.NotEmpty(t, want, name)
		require.Equal(t, want, catalog(t, ours, table), name)
	}
}

// The DDL replays into the schema the rules read: the state's default,
// the poll's index keys in priority order, the partial index.
func TestGormDDLReplays(t *testing.T) {
	ddl, _ := migratedDDL(t)
	var sources []*sqlcheck.Source
	for _, name := range []string{"Job", "Worker"} {
		for _, s := range ddl[name] {
			sources = append(sources, sqlcheck.Declared(sqlcheck.Loc{File: name + ".go", Line: int(s.Pos) % 1000}, s.SQL))
		}
	}
	schema := sqlcheck.Replay(sources)
	require.Empty(t, schema.Problems)
	jobs := schema.Tables["public.jobs"]
	require.NotNil(t, jobs)
	var status *sqlcheck.Column
	for _, c := range jobs.Columns {
		if c.Name == "status" {
			status = c
		}
	}
	require.NotNil(t, status)
	require.NotNil(t, status.Default)
	require.Equal(t, sqlcheck.ValueConst, status.Default.Kind)
	require.Equal(t, "pending", status.Default.Str)
	var idx []string
	for _, i := range jobs.Indexes {
		idx = append(idx, i.String())
	}
	require.ElementsMatch(t, []string{
		"jobs_pkey (id)",
		"idx_jobs_deleted_at (deleted_at)",
		"idx_jobs_poll (queue, status, run_at)",
		"idx_jobs_pending (status) WHERE status = 'pending'",
	}, idx)
	workers := schema.Tables["public.workers"]
	require.NotNil(t, workers)
	for _, c := range workers.Columns {
		if c.Name == "seen" {
			require.Equal(t, "timestamp", c.Type.Name)
			require.Equal(t, "Worker.go", c.Type.Loc.File) // a finding on it points at the model
		}
	}
}

// GORM's parser gives the UUID types jobqlint reads as text the string
// data type, whatever tags the field has.
func TestStringValuersAreGormStrings(t *testing.T) {
	s, err := gormschema.Parse(&gormmigrated.Delivery{}, &sync.Map{}, gormschema.NamingStrategy{})
	require.NoError(t, err)
	for _, f := range s.Fields {
		require.Equal(t, gormschema.String, f.DataType, f.Name)
	}
	s, err = gormschema.Parse(&gormmigrated.Message{}, &sync.Map{}, gormschema.NamingStrategy{})
	require.NoError(t, err)
	require.Equal(t, gormschema.String, s.LookUpField("ID").DataType)
}
