package sqltext

import (
	"fmt"
	"go/types"
	"hash/fnv"
	"regexp"
	"strings"
)

// maxIdent is the longest identifier PostgreSQL keeps (NAMEDATALEN-1); the
// parser truncates longer ones.
const maxIdent = 63

// Placeholder returns the identifier that stands for the value of a Go
// object, derived from the object's package path and name alone, so that
// every package computes the same one: {store.Queue.table~1a2b3c} for the
// field table of store.Queue, {store.Table~4d5e6f} for the package variable
// store.Table. The hash of the package path keeps apart packages that share
// a name. The braces make it an identifier that must be quoted, so no
// table of a migration can bear it.
func Placeholder(obj types.Object) (string, bool) {
	if obj == nil || obj.Pkg() == nil {
		return "", false
	}
	v, ok := obj.(*types.Var)
	if !ok {
		return "", false
	}
	var name string
	switch {
	case v.IsField():
		owner := fieldOwner(v)
		if owner == "" {
			return "", false
		}
		name = owner + "." + v.Name()
	case v.Parent() == v.Pkg().Scope():
		name = v.Name()
	default:
		return "", false
	}
	return placeholder(v.Pkg().Path(), v.Pkg().Name(), name), true
}

// ParamPlaceholder returns the identifier that stands for the value of a
// parameter of a package-level function or method, as package effects
// keeps one (a constructor's table parameter that names its queries):
// {store.New.table~1a2b3c}, {store.Queue.Init.table~4d5e6f}.
func ParamPlaceholder(obj types.Object) (string, bool) {
	v, ok := obj.(*types.Var)
	if !ok || v.Pkg() == nil || v.IsField() {
		return "", false
	}
	fn := paramFunc(v)
	if fn == "" {
		return "", false
	}
	return placeholder(v.Pkg().Path(), v.Pkg().Name(), fn+"."+v.Name()), true
}

// paramFunc names the package-level function (Func) or method
// (Type.Method) of v's package that declares parameter v, or "".
func paramFunc(v *types.Var) string {
	has := func(sig *types.Signature) bool {
		for i := range sig.Params().Len() {
			if sig.Params().At(i) == v {
				return true
			}
		}
		return false
	}
	scope := v.Pkg().Scope()
	for _, name := range scope.Names() {
		switch o := scope.Lookup(name).(type) {
		case *types.Func:
			if has(o.Signature()) {
				return name
			}
		case *types.TypeName:
			named, ok := types.Unalias(o.Type()).(*types.Named)
			if !ok {
				continue
			}
			for i := range named.NumMethods() {
				if m := named.Method(i); has(m.Signature()) {
					return name + "." + m.Name()
				}
			}
		}
	}
	return ""
}

func placeholder(path, pkgName, name string) string {
	h := fnv.New32a()
	h.Write([]byte(path + "." + name))
	sum := fmt.Sprintf("%06x", h.Sum32()&0xffffff)
	readable := pkgName + "." + name
	// Leave room for a prefix or suffix the SQL text adds (jobs_%s).
	if limit := maxIdent - len(sum) - 3 - 16; len(readable) > limit {
		// Drop whole leading names (the package's first) before cutting
		// into one: docket.table reads better than qdocket.docket.table.
		for len(readable) > limit {
			i := strings.IndexByte(readable, '.')
			if i < 0 {
				readable = readable[len(readable)-limit:]
				break
			}
			readable = readable[i+1:]
		}
	}
	return "{" + readable + "~" + sum + "}"
}

// fieldOwner returns the name of the named struct type of f's package that
// declares field f, or "".
func fieldOwner(f *types.Var) string {
	f = f.Origin()
	scope := f.Pkg().Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i) == f {
				return name
			}
		}
	}
	return ""
}

var (
	placeholderRE = regexp.MustCompile(`\{([A-Za-z0-9_.]+)~[0-9a-f]{6}\}`)
	quotedRE      = regexp.MustCompile(`"\{([A-Za-z0-9_.]+)~[0-9a-f]{6}\}"`)
)

// HasPlaceholder reports whether SQL text (or a name) holds a placeholder.
func HasPlaceholder(s string) bool { return strings.Contains(s, "{") && placeholderRE.MatchString(s) }

// Display rewrites the placeholders in s, quoted or not, as the Go value
// they stand for: "{store.Queue.table~1a2b3c}" reads {store.Queue.table}.
func Display(s string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	s = quotedRE.ReplaceAllString(s, "{$1}")
	return placeholderRE.ReplaceAllString(s, "{$1}")
}
