// Package sqldriver answers, from a module's Go files, which database
// database/sql talks to: PostgreSQL when the module imports a PostgreSQL
// driver (lib/pq, pgx's stdlib) and no driver of another database.
//
// Drivers are registered where the program starts (a blank import in
// main), not in the package that runs the queries, and a library
// registers one only in its tests, so the module's files, tests
// included, are read (their imports only), and the vet driver puts the
// answer into the tool's ID (Key). A module whose tests run on SQLite is
// taken for one that may talk to SQLite. Besides the drivers it lists, a
// package whose import path names another database in one of its
// elements (github.com/glebarez/sqlite, a GORM dialector) is taken for
// one that opens it; a driver that names none is no other database's: a
// module that registers one beside lib/pq is taken for PostgreSQL's.
package sqldriver

import (
	"go/parser"
	"go/token"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// postgres are the import paths of PostgreSQL's database/sql drivers
// (a path below one counts: pgx's stdlib of every major version).
var postgres = []string{
	"github.com/lib/pq",
	"github.com/jackc/pgx/stdlib",
	"github.com/jackc/pgx/v4/stdlib",
	"github.com/jackc/pgx/v5/stdlib",
	"gorm.io/driver/postgres",
}

// others are drivers of other databases, and packages that open one.
var others = []string{
	"github.com/go-sql-driver/mysql",
	"github.com/mattn/go-sqlite3",
	"modernc.org/sqlite",
	"github.com/glebarez/go-sqlite",
	"github.com/ncruces/go-sqlite3",
	"github.com/microsoft/go-mssqldb",
	"github.com/denisenkom/go-mssqldb",
	"github.com/sijms/go-ora",
	"github.com/godror/godror",
	"github.com/mattn/go-oci8",
	"github.com/ClickHouse/clickhouse-go",
	"github.com/snowflakedb/gosnowflake",
	"github.com/marcboeker/go-duckdb",
	"github.com/nakagami/firebirdsql",
	"github.com/SAP/go-hdb",
	"github.com/ibmdb/go_ibm_db",
	"github.com/tursodatabase/libsql-client-go",
	"gorm.io/driver/mysql",
	"gorm.io/driver/sqlite",
	"gorm.io/driver/sqlserver",
}

// Drivers says what the module's Go files import.
type Drivers struct {
	Postgres bool // a PostgreSQL driver
	Other    bool // a driver of another database
}

// OnlyPostgres reports whether database/sql can only talk to PostgreSQL.
func (d Drivers) OnlyPostgres() bool { return d.Postgres && !d.Other }

var byRoot sync.Map // module root -> *once

type once struct {
	sync.Once
	d Drivers
}

// Of returns the drivers of the module under root, read once per process.
func Of(root string) Drivers {
	v, _ := byRoot.LoadOrStore(root, new(once))
	o := v.(*once)
	o.Do(func() { o.d = read(root) })
	return o.d
}

// Key writes the answer for the vet driver's tool ID.
func Key(w io.Writer, root string) {
	d := Of(root)
	io.WriteString(w, "sqldriver\x00"+strconv.FormatBool(d.Postgres)+"\x00"+strconv.FormatBool(d.Other)+"\x00")
}

func read(root string) Drivers {
	var d Drivers
	for _, p := range sqlcheck.GoFiles(root) {
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			continue
		}
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				continue
			}
			d.Postgres = d.Postgres || under(path, postgres)
			d.Other = d.Other || under(path, others) || namesOtherDatabase(path)
		}
	}
	return d
}

// under reports whether path is one of roots or below one.
func under(path string, roots []string) bool {
	for _, r := range roots {
		if path == r || strings.HasPrefix(path, r+"/") {
			return true
		}
	}
	return false
}

// otherDatabases are words that, in an element of an import path, name a
// database that is not PostgreSQL.
var otherDatabases = []string{"sqlite", "mysql", "mariadb", "mssql", "sqlserver", "oracle", "godror", "clickhouse", "duckdb", "snowflake", "firebird", "libsql", "spanner"}

// namesOtherDatabase reports whether an import path outside the standard
// library has an element that names another database (go-sqlite3,
// gorm-sqlite, sqlite).
func namesOtherDatabase(path string) bool {
	elems := strings.Split(path, "/")
	if !strings.Contains(elems[0], ".") {
		return false
	}
	for _, e := range elems[1:] {
		e = strings.ToLower(e)
		for _, db := range otherDatabases {
			if strings.Contains(e, db) {
				return true
			}
		}
	}
	return false
}
