// Package gormconfig answers, from a module's Go files, how the module's
// code tells GORM to name tables: the naming strategy it opens GORM with
// (gorm.Config{NamingStrategy: schema.NamingStrategy{TablePrefix: "app_",
// SingularTable: true}}), which turns the model Job into the table app_job
// rather than jobs.
//
// The configuration is usually in main or a database package that the
// models' package does not import, so under go vet no fact reaches it: the
// files are read (parsed, not type-checked) and the vet driver puts what
// they say into the tool's ID (Key), so that editing it never leaves a
// stale result. Only files that name NamingStrategy are parsed; _test.go
// files are not.
//
// A strategy is read from a schema.NamingStrategy composite literal whose
// TablePrefix is a string literal and SingularTable the constant true or
// false. Any other way of naming (a NameReplacer, NoLowerCase, a namer of
// the module's own type, a strategy assigned after Open, or two different
// strategies in one module) leaves the names unknown, and the tool does
// not guess them.
package gormconfig

import (
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"sync"

	"github.com/jobqlint/jobqlint/analyzers/internal/gofiles"
)

const schemaPath = "gorm.io/gorm/schema"

// A Naming is how the module's GORM names a model's table.
type Naming struct {
	Prefix   string // TablePrefix
	Singular bool   // SingularTable
	// Unknown says why the names cannot be read; "" when they can.
	Unknown string
	// At is where the strategy is configured ("" for GORM's default).
	At string
}

var byRoot sync.Map // module root -> *once

type once struct {
	sync.Once
	naming Naming
}

// Of returns the naming of the module under root, read once per process.
func Of(root string) Naming {
	v, _ := byRoot.LoadOrStore(root, new(once))
	o := v.(*once)
	o.Do(func() { o.naming = read(root) })
	return o.naming
}

// Key writes the module's naming for the vet driver's tool ID.
func Key(w io.Writer, root string) {
	n := Of(root)
	fmt.Fprintf(w, "gormnaming\x00%q\x00%t\x00%q\x00", n.Prefix, n.Singular, n.Unknown)
}

func read(root string) Naming {
	var found []Naming
	for _, pf := range gofiles.ParseMentioning(root, "NamingStrategy") {
		schemaName := ""
		for name, path := range gofiles.Imports(pf.File) {
			if path == schemaPath {
				schemaName = name
			}
		}
		found = append(found, strategies(pf.Fset, pf.File, schemaName)...)
	}
	if len(found) == 0 {
		return Naming{}
	}
	for _, n := range found[1:] {
		if n.Unknown == "" && found[0].Unknown == "" && (n.Prefix != found[0].Prefix || n.Singular != found[0].Singular) {
			return Naming{Unknown: "the module configures GORM's naming strategy twice (" + found[0].At + ", " + n.At + ")"}
		}
	}
	for _, n := range found {
		if n.Unknown != "" {
			return n
		}
	}
	return found[0]
}

// strategies returns the naming strategies a file configures: each
// schema.NamingStrategy literal, and each NamingStrategy field given
// anything else (a namer of its own type, a variable).
func strategies(fset *token.FileSet, f *ast.File, schemaName string) []Naming {
	var out []Naming
	at := func(n ast.Node) string {
		p := fset.Position(n.Pos())
		return fmt.Sprintf("%s:%d", p.Filename, p.Line)
	}
	literal := func(e ast.Expr) (*ast.CompositeLit, bool) {
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		lit, ok := e.(*ast.CompositeLit)
		if !ok {
			return nil, false
		}
		sel, ok := lit.Type.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "NamingStrategy" {
			return nil, false
		}
		id, ok := sel.X.(*ast.Ident)
		return lit, ok && schemaName != "" && id.Name == schemaName
	}
	counted := map[*ast.CompositeLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if lit, ok := literal(n); ok && !counted[lit] {
				counted[lit] = true
				out = append(out, fromLiteral(lit, at(lit)))
			}
		case *ast.KeyValueExpr:
			if key, ok := n.Key.(*ast.Ident); ok && key.Name == "NamingStrategy" {
				if _, ok := literal(n.Value); !ok {
					out = append(out, Naming{Unknown: "GORM's naming strategy is given at " + at(n) + " as a value the tool does not read", At: at(n)})
				}
			}
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "NamingStrategy" {
					out = append(out, Naming{Unknown: "GORM's naming strategy is set at " + at(n), At: at(n)})
				}
			}
		}
		return true
	})
	return out
}

// fromLiteral reads a schema.NamingStrategy literal.
func fromLiteral(lit *ast.CompositeLit, at string) Naming {
	n := Naming{At: at}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return Naming{Unknown: "GORM's naming strategy at " + at + " is written without field names", At: at}
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			continue
		}
		switch key.Name {
		case "TablePrefix":
			s, ok := gofiles.StringLit(kv.Value)
			if !ok {
				return Naming{Unknown: "the table prefix of GORM's naming strategy at " + at + " is not a string literal", At: at}
			}
			n.Prefix = s
		case "SingularTable":
			id, ok := kv.Value.(*ast.Ident)
			if !ok || id.Name != "true" && id.Name != "false" {
				return Naming{Unknown: "SingularTable of GORM's naming strategy at " + at + " is not a constant", At: at}
			}
			n.Singular = id.Name == "true"
		case "IdentifierMaxLength":
			// Shortens the names of indexes, keys and checks past its
			// length (idx_..., fk_...), not the names of tables.
		default:
			// NameReplacer, NoLowerCase: names the tool does not form.
			return Naming{Unknown: "GORM's naming strategy at " + at + " sets " + key.Name, At: at}
		}
	}
	return n
}
