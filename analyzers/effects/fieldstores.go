package effects

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// What the module's code writes into a string field of its structs. An
// exported field of an exported type (Event.Status) may be set by any
// caller, so its value at a given load is out of sight; yet the module
// gives it the values it means it to take (e.Status = StatusPending in a
// method that fills defaults, Event{Status: "queued"} in a constructor).
// Those are the field's stores: read from the syntax of each package (no
// SSA), exported as a fact by the field's own package for its importers.

// FieldStores is the fact of a string field of a struct the package
// declares: the constants the package makes values with (a composite
// literal, or a default filled in under if x.F == ""), sorted, and
// whether it also writes anything else into it (another assignment, such
// as a method that moves a job to its next state) or takes its address.
type FieldStores struct {
	Consts []string
	Other  bool
}

func (*FieldStores) AFact() {}

func (f *FieldStores) String() string {
	s := "stores(" + strings.Join(f.Consts, ", ")
	if f.Other {
		s += ", other"
	}
	return s + ")"
}

// fieldWrites collects, from a package's syntax (its tests left out),
// what it writes into the string fields of structs: keyed and positional
// composite literals and defaults filled in, as constants; any other
// assignment, and the field's address taken (written out of sight), as
// something else.
func fieldWrites(fset *token.FileSet, info *types.Info, files []*ast.File) map[*types.Var]*FieldStores {
	out := map[*types.Var]*FieldStores{}
	selected := func(e ast.Expr) *types.Var {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		s := info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal {
			return nil
		}
		v, _ := s.Obj().(*types.Var)
		return v
	}
	note := func(f *types.Var, rhs ast.Expr) {
		if f == nil || !isStringType(f.Type()) {
			return
		}
		f = f.Origin()
		fs := out[f]
		if fs == nil {
			fs = &FieldStores{}
			out[f] = fs
		}
		if rhs != nil {
			if tv, ok := info.Types[rhs]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				if v := constant.StringVal(tv.Value); !slices.Contains(fs.Consts, v) {
					fs.Consts = append(fs.Consts, v)
				}
				return
			}
		}
		fs.Other = true
	}
	// &e.Status given to a Scan reads back a state the table holds: it
	// adds none the code creates.
	scanned := map[ast.Expr]bool{}
	// if e.Status == "" { e.Status = Pending } fills in a default.
	type zeroGuard struct {
		body *ast.BlockStmt
		f    *types.Var
	}
	var guards []zeroGuard
	for _, file := range files {
		ast.Inspect(file, func(n ast.Node) bool {
			ifs, ok := n.(*ast.IfStmt)
			if !ok {
				return true
			}
			cond, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
			if !ok || cond.Op != token.EQL {
				return true
			}
			for _, side := range [][2]ast.Expr{{cond.X, cond.Y}, {cond.Y, cond.X}} {
				tv, ok := info.Types[side[1]]
				if f := selected(side[0]); f != nil && ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "" {
					guards = append(guards, zeroGuard{ifs.Body, f.Origin()})
				}
			}
			return true
		})
	}
	defaulted := func(f *types.Var, at token.Pos) bool {
		for _, g := range guards {
			if g.f == f.Origin() && g.body.Pos() <= at && at < g.body.End() {
				return true
			}
		}
		return false
	}
	for _, file := range files {
		if strings.HasSuffix(fset.File(file.Pos()).Name(), "_test.go") {
			continue // a test sets up jobs in any state it checks
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "Scan") {
					for _, a := range n.Args {
						scanned[ast.Unparen(a)] = true
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					f := selected(lhs)
					if f == nil {
						continue
					}
					var rhs ast.Expr
					if len(n.Lhs) == len(n.Rhs) && n.Tok == token.ASSIGN && defaulted(f, n.Pos()) {
						rhs = n.Rhs[i]
					}
					// x.F += "s", x.F, y = f(), and x.F = Done where a
					// method moves the value along its life: something
					// else than the value it is made with.
					note(f, rhs)
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND && !scanned[n] {
					if f := selected(n.X); f != nil {
						note(f, nil)
					}
				}
			case *ast.CompositeLit:
				st, ok := typeUnder(info.TypeOf(n)).(*types.Struct)
				if !ok {
					return true
				}
				for i, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							f, _ := info.ObjectOf(id).(*types.Var)
							note(f, kv.Value)
						}
						continue
					}
					if i < st.NumFields() {
						note(st.Field(i), elt)
					}
				}
			}
			return true
		})
	}
	for _, fs := range out {
		slices.Sort(fs.Consts)
	}
	return out
}

// typeUnder is t's underlying type, through a pointer (&T{...}).
func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem().Underlying()
	}
	return t.Underlying()
}

// exportFieldStores exports a FieldStores fact for each string field of
// the package's own structs that its code writes.
func exportFieldStores(pass *analysis.Pass) map[*types.Var]*FieldStores {
	writes := fieldWrites(pass.Fset, pass.TypesInfo, pass.Files)
	for f, fs := range writes {
		if f.Pkg() == pass.Pkg && f.Exported() && exportedOwner(f) {
			pass.ExportObjectFact(f, fs)
		}
	}
	return writes
}

// FieldConstants returns, for a value loaded from a string field of a
// struct (e.Status bound to a query, through any conversion to an
// interface), the constants the module's code writes into that field:
// this package's writes and those of the field's own package, from its
// fact. It reports false when the value is no field's, when the field is
// written anything but constants in either package, or when neither
// writes it. Callers outside those packages may write other values: the
// constants are the ones the module means the field to hold, not all it
// can.
func (e *Effects) FieldConstants(v ssa.Value) ([]string, bool) {
	if e == nil || e.pass == nil {
		return nil, false
	}
	f := LoadedField(v)
	if f == nil || !isStringType(f.Type()) {
		return nil, false
	}
	var consts []string
	add := func(fs *FieldStores) bool {
		if fs.Other {
			return false
		}
		for _, c := range fs.Consts {
			if !slices.Contains(consts, c) {
				consts = append(consts, c)
			}
		}
		return true
	}
	if own := e.fieldWrites()[f]; own != nil && !add(own) {
		return nil, false
	}
	if f.Pkg() != e.pass.Pkg {
		var fs FieldStores
		if e.pass.ImportObjectFact(f, &fs) && !add(&fs) {
			return nil, false
		}
	}
	if len(consts) == 0 {
		return nil, false
	}
	slices.Sort(consts)
	return consts, true
}

// LoadedField returns the struct field a value is loaded from (e.Status,
// through any conversion to an interface), or nil.
func LoadedField(v ssa.Value) *types.Var {
	for {
		switch c := v.(type) {
		case *ssa.MakeInterface:
			v = c.X
			continue
		case *ssa.ChangeType:
			v = c.X
			continue
		}
		break
	}
	var f *types.Var
	switch l := v.(type) {
	case *ssa.UnOp:
		if fa, ok := l.X.(*ssa.FieldAddr); ok && l.Op == token.MUL {
			f = fieldOf(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		f = fieldOf(l.X.Type(), l.Field)
	}
	if f == nil {
		return nil
	}
	return f.Origin()
}

// MadeHere reports whether a field's value is loaded from a struct its
// function made itself (&Job{Status: "claimed"}), directly or as an
// element of a slice it built of such structs (list = append(list,
// &Job{...}); list[i].Status): what the field holds was chosen in the
// function, not by its callers.
func MadeHere(v ssa.Value) bool {
	for {
		switch c := v.(type) {
		case *ssa.MakeInterface:
			v = c.X
			continue
		case *ssa.ChangeType:
			v = c.X
			continue
		}
		break
	}
	var base ssa.Value
	switch l := v.(type) {
	case *ssa.UnOp:
		if fa, ok := l.X.(*ssa.FieldAddr); ok && l.Op == token.MUL {
			base = fa.X
		}
	case *ssa.Field:
		base = l.X
	}
	return base != nil && madeLocally(base, map[ssa.Value]bool{})
}

// madeLocally reports whether a struct pointer, or a slice of them, is
// made by its function: an allocation, an element loaded from a slice made
// so, a slice literal, append of such values.
func madeLocally(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Alloc:
		return true
	case *ssa.Slice:
		_, ok := x.X.(*ssa.Alloc)
		return ok
	case *ssa.UnOp:
		ia, ok := x.X.(*ssa.IndexAddr)
		return ok && x.Op == token.MUL && madeLocally(ia.X, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !madeLocally(e, seen) {
				return false
			}
		}
		return true
	case *ssa.Const:
		return x.IsNil()
	case *ssa.Call:
		b, ok := x.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "append" || len(x.Call.Args) != 2 || !madeLocally(x.Call.Args[0], seen) {
			return false
		}
		added, ok := x.Call.Args[1].(*ssa.Slice)
		if !ok {
			return false
		}
		elems := arrayElems(added.X)
		for _, el := range elems {
			if !madeLocally(el, seen) {
				return false
			}
		}
		return elems != nil
	}
	return false
}

func (e *Effects) fieldWrites() map[*types.Var]*FieldStores {
	e.writesOnce.Do(func() {
		if e.writes == nil {
			e.writes = fieldWrites(e.pass.Fset, e.pass.TypesInfo, e.pass.Files)
		}
	})
	return e.writes
}
