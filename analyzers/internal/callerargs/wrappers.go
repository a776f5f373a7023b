package callerargs

import (
	"go/ast"
	"go/token"
	"path"
	"regexp"
	"strings"
)

// Nullable wrappers.
//
// A column that may be NULL comes to Go as a wrapper: sqlc gives a
// nullable text column the type pgtype.Text (pgx) or sql.NullString
// (database/sql), and a caller sets the state inside it
// (UpdateOutboxEventParams{ID: id, Status: pgtype.Text{String: "failed",
// Valid: true}}), or builds it with a constructor (null.StringFrom("sent")).
// The value the query binds is the wrapped one, and only when the wrapper
// says it is valid: a wrapper left invalid binds NULL, and one whose
// validity is computed (Valid: s != "") may bind either, so both are
// unknown.

// wrapperFields maps a wrapper type, by its package's import path and its
// name, to the field that holds its value.
var wrapperFields = map[string]map[string]string{
	"database/sql": {
		"NullString": "String", "NullInt64": "Int64", "NullInt32": "Int32", "NullInt16": "Int16",
		"NullBool": "Bool", "NullByte": "Byte", "Null": "V",
	},
	"github.com/jackc/pgx/v5/pgtype": {
		"Text": "String", "Int2": "Int16", "Int4": "Int32", "Int8": "Int64", "Bool": "Bool",
	},
	"github.com/jackc/pgtype": { // pgx v4's: Status: pgtype.Present says it is set
		"Text": "String", "Varchar": "String", "Int2": "Int", "Int4": "Int", "Int8": "Int", "Bool": "Bool",
	},
}

// nullPackage matches the import paths of guregu/null, whose From
// constructors give a valid wrapper of their argument.
var nullPackage = regexp.MustCompile(`^(gopkg\.in/guregu/null\.v[0-9]+|github\.com/guregu/null(/v[0-9]+)?)$`)

// nullFrom are guregu/null's constructors of a valid value.
var nullFrom = map[string]bool{"StringFrom": true, "IntFrom": true, "BoolFrom": true}

// importPath returns the import path a file's name for a package stands
// for: the name it is imported as, or the package name its path implies
// when the path ends in a version (null.v4, null/v5).
func (fc *funcContext) importPath(name string) (string, bool) {
	if fc.local(name) {
		return "", false
	}
	if p, ok := fc.r.file.imports[name]; ok {
		return p, true
	}
	for _, p := range fc.r.file.imports {
		base := path.Base(p)
		if isVersion(base) {
			base = path.Base(path.Dir(p))
		}
		if i := strings.Index(base, ".v"); i > 0 && isVersion(base[i+1:]) {
			base = base[:i]
		}
		if base == name && p != name {
			return p, true
		}
	}
	return "", false
}

func isVersion(s string) bool {
	if len(s) < 2 || s[0] != 'v' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// unwrap returns the value a nullable wrapper binds: the value field of a
// keyed literal of a wrapper type that says it is valid, or the argument
// of a constructor of a valid value. ok is false when e is no wrapper;
// a wrapper whose value cannot be told gives why.
func (fc *funcContext) unwrap(e ast.Expr) (inner ast.Expr, unknown string, ok bool) {
	switch e := e.(type) {
	case *ast.CompositeLit:
		typ := e.Type
		if ix, isIndex := typ.(*ast.IndexExpr); isIndex {
			typ = ix.X // sql.Null[string]
		}
		sel, isSel := typ.(*ast.SelectorExpr)
		if !isSel {
			return nil, "", false
		}
		x, isIdent := sel.X.(*ast.Ident)
		if !isIdent {
			return nil, "", false
		}
		pkg, found := fc.importPath(x.Name)
		if !found {
			return nil, "", false
		}
		field := wrapperFields[pkg][sel.Sel.Name]
		if field == "" {
			return nil, "", false
		}
		valid := false
		for _, el := range e.Elts {
			kv, isKV := el.(*ast.KeyValueExpr)
			if !isKV {
				return nil, "a wrapper without field names", true
			}
			k, _ := kv.Key.(*ast.Ident)
			switch {
			case k == nil:
			case k.Name == field:
				inner = kv.Value
			case k.Name == "Valid":
				id, isID := ast.Unparen(kv.Value).(*ast.Ident)
				valid = isID && id.Name == "true" && !fc.local("true")
			case k.Name == "Status":
				s, isSel := ast.Unparen(kv.Value).(*ast.SelectorExpr)
				valid = isSel && s.Sel.Name == "Present"
			}
		}
		if inner == nil || !valid {
			return nil, "a wrapper that may hold NULL", true
		}
		return inner, "", true
	case *ast.CallExpr:
		sel, isSel := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !isSel || len(e.Args) != 1 || !nullFrom[sel.Sel.Name] {
			return nil, "", false
		}
		x, isIdent := sel.X.(*ast.Ident)
		if !isIdent {
			return nil, "", false
		}
		if pkg, found := fc.importPath(x.Name); !found || !nullPackage.MatchString(pkg) {
			return nil, "", false
		}
		return e.Args[0], "", true
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return fc.unwrap(ast.Unparen(e.X))
		}
	}
	return nil, "", false
}
