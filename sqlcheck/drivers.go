package sqlcheck

import (
	"go/parser"
	"go/token"
	"strconv"
	"strings"
)

// postgresDrivers are the import paths of PostgreSQL's database/sql
// drivers (a path below one counts: pgx's stdlib of every major version).
var postgresDrivers = []string{
	"github.com/lib/pq",
	"github.com/jackc/pgx/stdlib",
	"github.com/jackc/pgx/v4/stdlib",
	"github.com/jackc/pgx/v5/stdlib",
	"gorm.io/driver/postgres",
}

// otherDrivers are drivers of other databases, and packages that open one.
var otherDrivers = []string{
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

// PostgresDriver reports whether an import path is a PostgreSQL driver
// of database/sql (or GORM's).
func PostgresDriver(path string) bool { return under(path, postgresDrivers) }

// OtherDriver reports whether an import path is the driver of a database
// other than PostgreSQL, or a package that opens one.
func OtherDriver(path string) bool { return under(path, otherDrivers) || namesOtherDatabase(path) }

// otherDatabases are words that, in an element of an import path, name a
// database that is not PostgreSQL.
var otherDatabases = []string{"sqlite", "mysql", "mariadb", "mssql", "sqlserver", "oracle", "godror", "clickhouse", "duckdb", "snowflake", "firebird", "libsql", "spanner"}

// namesOtherDatabase reports whether an import path outside the standard
// library has an element that names another database: a driver or an ORM
// dialector the list does not hold (github.com/glebarez/sqlite).
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

// under reports whether path is one of roots or below one.
func under(path string, roots []string) bool {
	for _, r := range roots {
		if path == r || strings.HasPrefix(path, r+"/") {
			return true
		}
	}
	return false
}

// otherDriverOnly returns the driver of another database that a Go file
// imports when it imports no PostgreSQL driver, or "": the DDL of a file
// that opens SQLite is SQLite's.
func otherDriverOnly(path string, content []byte) string {
	f, err := parser.ParseFile(token.NewFileSet(), path, content, parser.ImportsOnly)
	if err != nil {
		return ""
	}
	other := ""
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		switch {
		case err != nil:
		case PostgresDriver(p):
			return ""
		case OtherDriver(p) && other == "":
			other = p
		}
	}
	return other
}
