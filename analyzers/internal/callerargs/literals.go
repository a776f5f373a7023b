package callerargs

import (
	"fmt"
	"go/ast"
	"io"
	"slices"
	"strings"
)

// The states records are created in, from the literals that create them.
//
// A store's INSERT often binds a job's state from the struct it is given
// (NamedExec(ctx, q, job) with :status, or job.Status), and the code that
// builds that struct is in a package the store's does not see: the HTTP
// handler writes &models.Job{Status: models.StatusPending} and passes it
// to the store through an interface. The module's keyed composite
// literals say what each field of a struct type is set to when a value is
// made; a later assignment (job.Status = StatusRunning) is a transition,
// not a creation, and is not read here.

// A literalField is a field of a struct type of the module, the type named
// by its package's import path and its name.
type literalField struct {
	pkg, typ, field string
}

// collectLiteral records what a keyed composite literal of a named type
// sets each of its fields to. A literal that leaves a field out sets it
// to its zero value, which is no state: it is not recorded.
func (fc *funcContext) collectLiteral(lit *ast.CompositeLit) {
	pkg, typ, ok := fc.literalType(lit.Type)
	if !ok {
		return
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return // elements by position
		}
		k, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		key := literalField{pkg, typ, k.Name}
		fc.r.ix.literals[key] = append(fc.r.ix.literals[key], fc.source(kv.Value, 0))
	}
}

// literalType returns the package and name of a literal's type when it
// is a type name of the module: T, or pkg.T of an imported package.
func (fc *funcContext) literalType(e ast.Expr) (pkg, typ string, ok bool) {
	switch t := e.(type) {
	case *ast.Ident:
		return fc.r.file.dir, t.Name, fc.r.types[fc.r.file.dir][t.Name]
	case *ast.SelectorExpr:
		x, isIdent := t.X.(*ast.Ident)
		if !isIdent || fc.local(x.Name) {
			return "", "", false
		}
		path, imported := fc.r.file.imports[x.Name]
		return path, t.Sel.Name, imported && fc.r.types[path][t.Sel.Name]
	}
	return "", "", false
}

// LiteralField returns the string constants the module's keyed composite
// literals of the struct type typ of package pkg set its field to, sorted.
// It reports false when no literal sets it, or when one sets it to a value
// the index cannot read as constants: the module may then make values of
// the type in any state.
func (ix *Index) LiteralField(pkg, typ, field string) ([]string, bool) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.literalField(literalField{pkg, typ, field})
}

func (ix *Index) literalField(key literalField) ([]string, bool) {
	srcs := ix.literals[key]
	if len(srcs) == 0 {
		return nil, false
	}
	var out []string
	for _, src := range srcs {
		v := ix.resolve(src)
		if v.unknown != "" || len(v.set) == 0 || slices.ContainsFunc(v.set, isInt) {
			return nil, false
		}
		out = append(out, v.set...)
	}
	slices.Sort(out)
	return slices.Compact(out), true
}

// literalsKey writes, for the vet driver's tool ID, what LiteralField
// answers for each field the module's literals set.
func (ix *Index) literalsKey(w io.Writer) {
	keys := make([]literalField, 0, len(ix.literals))
	for k := range ix.literals {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b literalField) int {
		return strings.Compare(a.pkg+"\x00"+a.typ+"\x00"+a.field, b.pkg+"\x00"+b.typ+"\x00"+b.field)
	})
	for _, k := range keys {
		vals, ok := ix.literalField(k)
		fmt.Fprintf(w, "literal\x00%s\x00%s\x00%s\x00%q\x00%v\x00", k.pkg, k.typ, k.field, vals, ok)
	}
}
