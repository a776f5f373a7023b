// Package gofiles reads what a module's Go files say without
// type-checking them, for the module-wide answers the vet driver keys on
// (callerargs, automigrate): the import path of a file's package, and the
// packages a file imports by the name it uses for them.
package gofiles

import (
	"go/ast"
	"path"
	"path/filepath"
	"strconv"
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
