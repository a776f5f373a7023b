package queuemodel

import (
	"fmt"
	"go/ast"
	"io"
	"sync"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/gofiles"
)

// A named query's text is the file's only until the program changes it.
// goyesql hands the program a map of *Query that it may edit before it
// prepares the queries (listmonk fills a `%s` of a query with
// fmt.Sprintf and adds queries of its own:
// qMap["get-campaign-link-counts"].Query = fmt.Sprintf(...)). The edit
// may sit in any package (a command that prepares the queries for the
// others), so it is read from the module's Go files, as ModuleKey records.

// namedRewrite is an edit of goyesql queries found in the module's Go
// files: of the query Name, or of a query whose name is no string
// literal (Name empty).
type namedRewrite struct {
	Name string
	File string
	Line int
}

var moduleRewrites sync.Map // module root -> *rewritesOnce

type rewritesOnce struct {
	once sync.Once
	list []namedRewrite
}

// namedRewrites returns the module's edits of goyesql queries, in file
// order: in a file that imports goyesql, an assignment to X[K].Query, or
// of a goyesql.Query literal (or its address) to X[K].
func namedRewrites(root string) []namedRewrite {
	v, _ := moduleRewrites.LoadOrStore(root, new(rewritesOnce))
	r := v.(*rewritesOnce)
	r.once.Do(func() { r.list = findNamedRewrites(root) })
	return r.list
}

func findNamedRewrites(root string) []namedRewrite {
	var out []namedRewrite
	for _, pf := range gofiles.ParseMentioning(root, "goyesql") {
		goyesql := map[string]bool{} // the names the file gives goyesql's packages
		for _, imp := range pf.File.Imports {
			path, _ := gofiles.StringLit(imp.Path)
			switch {
			case !effects.GoyesqlPath(path):
			case imp.Name != nil:
				goyesql[imp.Name.Name] = true
			default:
				goyesql["goyesql"] = true // the package's name, also under a /v2 path
			}
		}
		if len(goyesql) == 0 {
			continue
		}
		ast.Inspect(pf.File, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, lhs := range as.Lhs {
				var key ast.Expr
				switch l := lhs.(type) {
				case *ast.SelectorExpr: // X[K].Query = ...
					if ix, ok := l.X.(*ast.IndexExpr); ok && l.Sel.Name == "Query" {
						key = ix.Index
					}
				case *ast.IndexExpr: // X[K] = &goyesql.Query{...}
					if queryLiteral(as.Rhs[i], goyesql) {
						key = l.Index
					}
				}
				if key == nil {
					continue
				}
				name, _ := gofiles.StringLit(key)
				pos := pf.Fset.Position(lhs.Pos())
				out = append(out, namedRewrite{name, pos.Filename, pos.Line})
			}
			return true
		})
	}
	return out
}

// queryLiteral reports whether e is a goyesql.Query literal or its address.
func queryLiteral(e ast.Expr, goyesql map[string]bool) bool {
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = u.X
	}
	cl, ok := e.(*ast.CompositeLit)
	if !ok {
		return false
	}
	sel, ok := cl.Type.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Query" {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && goyesql[pkg.Name]
}

// rewrittenBy returns where the module edits the named query name, or
// edits a query whose name it does not spell.
func rewrittenBy(root, name string) (namedRewrite, bool) {
	for _, r := range namedRewrites(root) {
		if r.Name == name || r.Name == "" {
			return r, true
		}
	}
	return namedRewrite{}, false
}

// namedRewritesKey writes the module's edits of goyesql queries, for
// ModuleKey: without their lines, so a comment that moves one changes
// nothing.
func namedRewritesKey(w io.Writer, root string) {
	for _, r := range namedRewrites(root) {
		fmt.Fprintf(w, "namedrewrite\x00%s\x00%s\x00", r.File, r.Name)
	}
}
