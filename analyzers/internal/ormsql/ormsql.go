// Package ormsql reconstructs the SQL that ORMs and query builders send from
// the Go calls that build it, so that the queue model reads a GORM, bun,
// go-pg, pop, squirrel, goqu or sqlboiler statement as it reads SQL written by hand.
//
// Each library has a Reader that recognizes the calls of that library which
// send SQL (a GORM chain's Find or Updates, bun's Exec or Scan, pop's
// RawQuery(...).Exec()) and rebuilds the statement from the chain that
// leads to them. What a reader cannot rebuild is a Statement with Known
// false and the reason in Unread: the model lists it and no rule guesses.
package ormsql

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// Handle is what a reconstructed statement runs on, as far as the reader
// can tell.
type Handle int

const (
	HandleUnknown    Handle = iota // may be a transaction or not
	HandleAutocommit               // each statement commits on its own
	HandleTx                       // inside a transaction the code began
)

// A Statement is the SQL one call of an ORM or builder sends.
type Statement struct {
	// Method says how the result comes back, in the model's terms: "Exec"
	// (a row count), "Query" (rows) or "QueryRow" (one row).
	Method string
	// SQL is the statement in PostgreSQL's syntax with bind parameters
	// numbered $1, $2..., when Known. Unread says why it is not.
	SQL    string
	Known  bool
	Unread string
	// SQLExpr is the argument that holds the SQL text when the code wrote
	// it (GORM's Raw, bun's NewRaw): parse errors point into it. Nil for a
	// statement rebuilt from a chain.
	SQLExpr ast.Expr
	// Args are the Go expressions bound to $1, $2..., in order; nil when
	// they cannot all be named.
	Args []ast.Expr
	// Consts are the parameters the reader knows to be bound to a string
	// constant, by number ($1 is 1), when Args cannot name them (a
	// builder's bound values).
	Consts map[int]string
	// Sets are the parameters the reader knows to be bound to one of
	// several string constants, by number, each with the Go statements
	// that give it, when Args cannot name them.
	Sets map[int][]BoundConst
	// Names are, per parameter of Consts and Sets bound to integer
	// constants of a named type (type Status int; Processing Status = 3),
	// the Go constant that names each value.
	Names map[int]map[string]*types.Const
	// Written says, for a statement that writes every column of a row
	// (GORM's Save of a struct), which columns the code set before it on
	// every path (true) and which it left as it found them (false); nil
	// when that is out of sight.
	Written  map[string]bool
	Handle   Handle
	ScanArgs []ast.Expr // where the rows go (GORM's Find(&jobs)), when the call says
	// ResultChecked says whether the code looks at what the statement
	// affected (the error, RowsAffected): see queuemodel.Call.
	ResultChecked bool
	// Variants are the other statements the call sends when its chain is
	// built otherwise on other paths (a clause added under an if): each
	// is judged as the SQL of a text chosen on a branch is.
	Variants []Variant
}

// A Request is one call the model asks about.
type Request struct {
	Info *types.Info
	// ImportFact reads another package's facts (a model's TableName);
	// nil when there are none to read.
	ImportFact FactImporter
	Effects    *effects.Effects
	Cursor     inspector.Cursor // at the call
	Call       *ast.CallExpr
	Callee     *types.Func
}

// A Reader recognizes a call of its library that sends SQL and rebuilds the
// statement. It returns false for every other call, including the builder
// calls of a chain that has not sent anything yet.
type Reader func(*Request) (Statement, bool)

// readers maps the import path of each library to its reader; a path
// covers the packages below it.
var readers = []struct {
	path string
	read Reader
}{
	{"github.com/qustavo/dotsql", readDotsql},
	{"gorm.io/gorm", readGorm},
	{bunPath, readBun},
	{gopgPath, readGoPG},
	{popPkg, readPop},
	{oryPopPkg, readPop},
	{squirrelPkg, readSquirrel},
	{goquPkg, readGoqu},
}

// Read returns the statement a call sends, when the call belongs to a
// library with a reader and sends SQL.
func Read(info *types.Info, eff *effects.Effects, cur inspector.Cursor, facts FactImporter) (Statement, bool) {
	call, ok := cur.Node().(*ast.CallExpr)
	if !ok {
		return Statement{}, false
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return Statement{}, false
	}
	path := fn.Pkg().Path()
	for _, r := range readers {
		if path == r.path || strings.HasPrefix(path, r.path+"/") {
			return r.read(&Request{Info: info, ImportFact: facts, Effects: eff, Cursor: cur, Call: call, Callee: fn})
		}
	}
	if st, ok := readPopModelWrite(&Request{Info: info, ImportFact: facts, Effects: eff, Cursor: cur, Call: call, Callee: fn}); ok {
		return st, true
	}
	// sqlboiler's calls are to the package it generated, in the module.
	if fn.Signature().Recv() != nil && boilerGenerated(fn.Pkg()) {
		return readBoiler(&Request{Info: info, ImportFact: facts, Effects: eff, Cursor: cur, Call: call, Callee: fn})
	}
	return Statement{}, false
}
