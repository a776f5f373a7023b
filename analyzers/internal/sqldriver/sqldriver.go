// Package sqldriver answers, from a module's Go files, which database
// database/sql talks to: PostgreSQL when the module imports a PostgreSQL
// driver (lib/pq, pgx's stdlib) and no driver of another database.
//
// Drivers are registered where the program starts (a blank import in
// main), not in the package that runs the queries, and a library
// registers one only in its tests, so the module's files, tests
// included, are read (their imports only), and the vet driver puts the
// answer into the tool's ID (Key). A module whose tests run on SQLite is
// taken for one that may talk to SQLite. Besides the drivers sqlcheck
// lists, a package whose import path names another database in one of its
// elements (github.com/glebarez/sqlite, a GORM dialector) is taken for
// one that opens it; a driver that names none is no other database's: a
// module that registers one beside lib/pq is taken for PostgreSQL's.
package sqldriver

import (
	"go/parser"
	"go/token"
	"io"
	"strconv"
	"sync"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

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
			d.Postgres = d.Postgres || sqlcheck.PostgresDriver(path)
			d.Other = d.Other || sqlcheck.OtherDriver(path)
		}
	}
	return d
}
