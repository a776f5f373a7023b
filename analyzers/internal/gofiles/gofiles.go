// Package gofiles reads what a module's Go files say without
// type-checking them, for the module-wide answers the vet driver keys on
// (callerargs, automigrate, gormconfig): the import path of a file's
// package, the packages a file imports by the name it uses for them, the
// files that mention a name, parsed, and the value of a string literal.
package gofiles

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// PackagePath is the import path of the package in the directory of the
// file at p (under root), in the module at root whose path is modPath;
// false when the two paths cannot be related.
func PackagePath(root, modPath, p string) (string, bool) {
	rel, err := filepath.Rel(root, filepath.Dir(p))
	if err != nil {
		return "", false
	}
	return path.Join(modPath, filepath.ToSlash(rel)), true
}

// Imports maps the names a file uses for its imports to their paths (the
// last element of the path when the import is not renamed).
func Imports(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		out[name] = p
	}
	return out
}

// A Parsed is a non-test Go file of a module, parsed.
type Parsed struct {
	Path string
	Fset *token.FileSet
	File *ast.File
}

// ParseMentioning parses the module's non-test Go files under root whose
// text holds needle; files that do not parse are left out.
func ParseMentioning(root, needle string) []Parsed {
	var out []Parsed
	for _, p := range sqlcheck.GoFiles(root) {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		content, err := os.ReadFile(p)
		if err != nil || !bytes.Contains(content, []byte(needle)) {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, content, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		out = append(out, Parsed{p, fset, f})
	}
	return out
}

// StringLit returns the value of a string literal.
func StringLit(e ast.Expr) (string, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}
