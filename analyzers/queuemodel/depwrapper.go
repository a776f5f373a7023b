package queuemodel

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/pgxpath"
)

// A database wrapper of another module (a shared library's DB type over
// *sql.DB or a pgx pool) is code jobqlint does not read
// (effects.DependencyCode), so no Wrapper fact says that its methods run
// their string argument. Such a method is read as a SQL site when its
// signature can mean nothing else: its one string parameter is followed
// only by the variadic ...any bind arguments, and it returns what a
// database library's method returns (rows, a row, an exec result or
// command tag, with an error), or, for a Get or Select method, fills a
// destination given before the string and returns only an error. A
// Query(string, ...any) that returns anything else stays silent.

// dependencyWrapper recognizes a call of such a method: a method of a
// concrete type of another module that is no database library.
func dependencyWrapper(pass *analysis.Pass, fn *types.Func) (dbMethod, bool) {
	sig := fn.Signature()
	recv := sig.Recv()
	if recv == nil || types.IsInterface(recv.Type()) || fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
		return dbMethod{}, false
	}
	path := fn.Pkg().Path()
	if first, _, _ := strings.Cut(path, "/"); !strings.Contains(first, ".") || effects.DatabaseLibrary(path) || effects.InModule(pass, fn.Pkg()) {
		return dbMethod{}, false
	}
	idx, ok := wrapperSQLParam(sig)
	if !ok {
		return dbMethod{}, false
	}
	name, ok := wrapperResults(sig, fn.Name(), idx)
	if !ok {
		return dbMethod{}, false
	}
	if strings.TrimSuffix(fn.Name(), "Context") == name {
		name = fn.Name() // QueryContext stays QueryContext; QueryWithRetry is a Query
	}
	return dbMethod{name: name, sqlIndex: idx, recv: RecvUnknown, api: apiOfResults(sig)}, true
}

// wrapperSQLParam returns the index of the SQL parameter of a signature
// whose last parameter is ...any and whose only string parameter comes
// right before it.
func wrapperSQLParam(sig *types.Signature) (int, bool) {
	params := sig.Params()
	n := params.Len()
	if !sig.Variadic() || n < 2 {
		return -1, false
	}
	slice, ok := params.At(n - 1).Type().(*types.Slice)
	if !ok {
		return -1, false
	}
	if iface, ok := slice.Elem().Underlying().(*types.Interface); !ok || !iface.Empty() {
		return -1, false
	}
	for i := 0; i < n-1; i++ {
		if isString(params.At(i).Type()) != (i == n-2) {
			return -1, false
		}
	}
	return n - 2, true
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// wrapperResults returns the database method a wrapper's results say it
// is: Query for rows, QueryRow for a row, Exec for an exec result or
// command tag, and Get or Select for a method of that name that fills the
// destination given before the SQL; false for anything else.
func wrapperResults(sig *types.Signature, name string, sqlIndex int) (string, bool) {
	res := sig.Results()
	if res.Len() == 0 || res.Len() > 2 || res.Len() == 2 && !isError(res.At(1).Type()) {
		return "", false
	}
	if res.Len() == 1 && isError(res.At(0).Type()) {
		base := strings.TrimSuffix(name, "Context")
		if (base == "Get" || base == "Select") && sqlIndex > 0 && fillable(sig.Params().At(sqlIndex-1).Type()) {
			return base, true
		}
		return "", false
	}
	t := res.At(0).Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return "", false
	}
	switch pgxpath.Canonical(named.Obj().Pkg().Path()) + "." + named.Obj().Name() {
	case sqlPath + ".Rows", sqlxPath + ".Rows", pgxPath + ".Rows":
		return "Query", true
	case sqlPath + ".Row", sqlxPath + ".Row", pgxPath + ".Row":
		return "QueryRow", true
	case sqlPath + ".Result", pgconnPath + ".CommandTag":
		return "Exec", true
	}
	return "", false
}

// fillable reports whether a destination parameter can be filled with
// rows: any, or a pointer.
func fillable(t types.Type) bool {
	if iface, ok := t.Underlying().(*types.Interface); ok {
		return iface.Empty()
	}
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
