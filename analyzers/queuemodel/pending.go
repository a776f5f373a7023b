package queuemodel

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Split claims judged by the command that wires them.
//
// The package whose function calls a poll then a take often sees neither
// half: it calls them through an interface it declares (a relay calls its
// OutboxRepo), and only the command imports both it and the repository
// that implements the interface. Or it sees the halves but not what they
// run on: the repository holds sqlc's Queries in a field its exported
// constructor sets, and the command builds them with New(db) on a
// *sql.DB. Either way the pair is exported as a PendingSplit fact on the
// caller, and each command (package main) that sees every implementation
// (Implements, which carries each method's Half) and every constructor
// call that sets the field (SetsField) judges it; a pair the command
// cannot resolve stays silent.

// PendingSplit is the fact that a function calls, in turn, two functions
// that may be the poll and the take of a claim, whose halves or handles
// its package cannot see.
type PendingSplit struct {
	Claims []PendingClaim
}

// A PendingClaim is one such pair.
type PendingClaim struct {
	Poll, Take PendingStep
	// Immediate says the take is given what the poll returned before
	// anything else uses it (see joinHalves); otherwise it is given a
	// value computed from it.
	Immediate bool
	At        string // where the caller calls the poll and the take: file.go:12 and 15
}

// A PendingStep is a half the caller's package knows (its handle a field
// set by constructors), or a method of an interface none of whose
// implementations it sees.
type PendingStep struct {
	Name     string
	Half     *Half
	Dispatch *Dispatch
}

func (*PendingSplit) AFact() {}

func (p *PendingSplit) String() string {
	var parts []string
	for _, c := range p.Claims {
		parts = append(parts, c.Poll.Name+" then "+c.Take.Name+" at "+c.At)
	}
	return "pending split claims: " + strings.Join(parts, "; ")
}

// SetsField is the fact that an exported function sets fields of its
// package's types from its parameters: field (pkgpath.Type.field) from
// parameter Params[i].
type SetsField struct {
	Fields []string
	Params []int
}

func (*SetsField) AFact() {}

func (s *SetsField) String() string {
	var parts []string
	for i, f := range s.Fields {
		parts = append(parts, fmt.Sprintf("%s from %d", f, s.Params[i]))
	}
	return "sets " + strings.Join(parts, ", ")
}

// A FarSplit is a claim a command resolves from a PendingSplit: Caller,
// a function of another package, calls Poll's half then Take's.
type FarSplit struct {
	Caller     types.Object
	Poll, Take *Half
	PollName   string
	TakeName   string
	At         string
	Relay      bool      // see SplitClaim.Relay
	at         token.Pos // the caller's name
}

// FarSplits returns the split claims this package, a command, resolves
// for functions of the packages it imports, ordered by caller.
func (m *Model) FarSplits() []*FarSplit { return m.far }

// pend records a pair for the commands to judge, unless the caller runs
// SQL of its own (a lock it may take around both).
func (b *builder) pend(decl *ast.FuncDecl, poll, take *splitStep, immediate bool) {
	if slices.ContainsFunc(b.model.Calls, func(c *Call) bool { return c.Decl == decl }) {
		return
	}
	fn := b.funcOf(decl)
	if fn == nil {
		return
	}
	step := func(s *splitStep) PendingStep {
		return PendingStep{Name: s.fn.Name(), Half: s.half, Dispatch: s.dispatch}
	}
	p, t := b.pass.Fset.Position(poll.call.Pos()), b.pass.Fset.Position(take.call.Pos())
	at := fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
	if t.Filename == p.Filename {
		at += fmt.Sprintf(" and %d", t.Line)
	}
	if b.pending == nil {
		b.pending = map[*types.Func]*PendingSplit{}
	}
	ps := b.pending[fn]
	if ps == nil {
		ps = &PendingSplit{}
		b.pending[fn] = ps
	}
	ps.Claims = append(ps.Claims, PendingClaim{Poll: step(poll), Take: step(take), Immediate: immediate, At: at})
}

// exportPending exports the pairs and the constructors that set the fields
// the package's halves run on.
func (b *builder) exportPending() {
	for fn, ps := range b.pending {
		b.pass.ExportObjectFact(fn, ps)
	}
	fields := map[string]bool{}
	for _, h := range b.halves {
		if h.Field != "" {
			fields[h.Field] = true
		}
	}
	// A pair handed on whose halves are another package's (sqlc's
	// Queries) runs them on a field of this package's type
	// (p.queries.GetPending(...)): its constructor's callers tell what
	// the field holds, as they do for the package's own halves.
	for _, ps := range b.pending {
		for _, c := range ps.Claims {
			for _, s := range []PendingStep{c.Poll, c.Take} {
				if s.Half != nil && s.Half.Field != "" {
					fields[s.Half.Field] = true
				}
			}
		}
	}
	if len(fields) == 0 {
		return
	}
	sets := map[*types.Func]*SetsField{}
	for _, f := range b.pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil || !decl.Name.IsExported() {
				continue
			}
			fn := b.funcOf(decl)
			if fn == nil {
				continue
			}
			for field, param := range b.setsFromParams(decl, fn) {
				if fields[field] {
					if sets[fn] == nil {
						sets[fn] = &SetsField{}
					}
					sets[fn].Fields = append(sets[fn].Fields, field)
					sets[fn].Params = append(sets[fn].Params, param)
				}
			}
		}
	}
	for fn, s := range sets {
		b.pass.ExportObjectFact(fn, s)
	}
}

// fieldName names a field of one of the package's named struct types:
// pkgpath.Type.field.
func (b *builder) fieldName(sel *ast.SelectorExpr, field *types.Var) string {
	t := b.pass.TypesInfo.TypeOf(sel.X)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != b.pass.Pkg {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + field.Name()
}

// ctorParams returns, for each function of the package that sets the
// field, the parameter it sets it from; nil when a function sets it from
// anything else, or is not exported.
func (b *builder) ctorParams(field *types.Var) map[*types.Func]int {
	out := map[*types.Func]int{}
	for _, f := range b.pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			fn := b.funcOf(decl)
			if fn == nil {
				continue
			}
			if !writesField(b.pass.TypesInfo, decl, field) {
				continue
			}
			param, ok := -1, false
			for name, p := range b.setsFromParams(decl, fn) {
				if strings.HasSuffix(name, "."+field.Name()) {
					param, ok = p, true
				}
			}
			if !ok || !decl.Name.IsExported() {
				return nil // set from something else, or by a function no caller elsewhere calls
			}
			out[fn] = param
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// writesField reports whether a function stores into the field.
func writesField(info *types.Info, decl *ast.FuncDecl, field *types.Var) bool {
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && info.Uses[k] == field {
				found = true
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if s, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && info.Uses[s.Sel] == field {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// setsFromParams returns the fields of the package's types a function
// sets, in a keyed composite literal or an assignment, straight from one
// of its parameters.
func (b *builder) setsFromParams(decl *ast.FuncDecl, fn *types.Func) map[string]int {
	info := b.pass.TypesInfo
	params := fn.Type().(*types.Signature).Params()
	param := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return -1
		}
		for i := 0; i < params.Len(); i++ {
			if info.Uses[id] == params.At(i) {
				return i
			}
		}
		return -1
	}
	out := map[string]int{}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		t := info.TypeOf(lit)
		nt, ok := types.Unalias(t).(*types.Named)
		if !ok || nt.Obj().Pkg() != b.pass.Pkg {
			return true
		}
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := kv.Key.(*ast.Ident); ok {
				if i := param(kv.Value); i >= 0 {
					out[nt.Obj().Pkg().Path()+"."+nt.Obj().Name()+"."+k.Name] = i
				}
			}
		}
		return true
	})
	return out
}

// resolvePending judges, in a command, the pairs its imports hand on: each
// step resolved to the half every implementation in sight is, each handle
// a field holds to what every call here of a constructor that sets it
// gives it.
//
// A package that is no command judges the pairs it wires itself: those
// whose steps are known halves (no interface a command may implement
// otherwise) and whose every field handle this package's constructor calls
// fill with a handle it can name (eval22 notif: internal/server builds the
// scheduler's Worker with db.New(pool), on its *pgxpool.Pool parameter).
// A command that calls no such constructor leaves those fields unknown,
// so the pair is judged once.
func (b *builder) resolvePending() {
	command := b.pass.Pkg.Name() == "main"
	var facts []analysis.ObjectFact
	for _, f := range b.pass.AllObjectFacts() {
		if _, ok := f.Fact.(*PendingSplit); ok && f.Object.Pkg() != b.pass.Pkg {
			facts = append(facts, f)
		}
	}
	if len(facts) == 0 {
		return
	}
	byMethod := map[Dispatch][]Impl{}
	for _, im := range b.model.loops.impls.Methods {
		byMethod[im.key()] = append(byMethod[im.key()], im)
	}
	fieldKinds := b.fieldKinds()
	resolve := func(s PendingStep) *Half {
		h := s.Half
		if s.Dispatch != nil {
			var hs []*Half
			impls := implsOf(*s.Dispatch, byMethod)
			if onDB := slices.DeleteFunc(slices.Clone(impls), func(im Impl) bool { return im.InMemory }); len(onDB) > 0 {
				// An in-memory store (the one tests and local runs use)
				// claims nothing: the halves are those the store on the
				// database is.
				impls = onDB
			}
			for _, im := range impls {
				hs = append(hs, im.Half)
			}
			h = sameHalf(hs)
		}
		if h == nil {
			return nil
		}
		if h.Receiver == RecvUnknown && h.Field != "" {
			r := *h
			r.Receiver = fieldKinds[h.Field]
			h = &r
		}
		return h
	}
	slices.SortFunc(facts, func(x, y analysis.ObjectFact) int {
		return strings.Compare(x.Object.Pkg().Path()+"."+FuncName(x.Object.(*types.Func)), y.Object.Pkg().Path()+"."+FuncName(y.Object.(*types.Func)))
	})
	wired := func(s PendingStep) bool {
		if s.Dispatch != nil || s.Half == nil {
			return false
		}
		if s.Half.Field == "" {
			return true
		}
		return fieldKinds[s.Half.Field] != RecvUnknown
	}
	for _, f := range facts {
		for _, c := range f.Fact.(*PendingSplit).Claims {
			if !command && (!wired(c.Poll) || !wired(c.Take) || c.Poll.Half.Field == "" && c.Take.Half.Field == "") {
				continue
			}
			poll, take := resolve(c.Poll), resolve(c.Take)
			if poll == nil || take == nil || poll.Take || !take.Take || poll.Table != take.Table {
				continue
			}
			relay := relaySplit(poll, take, c.Immediate)
			if !poll.Locked && !c.Immediate && !relay {
				continue
			}
			b.model.far = append(b.model.far, &FarSplit{Caller: f.Object, at: b.model.files.declPos(f.Object), Poll: poll, Take: take, PollName: c.Poll.Name, TakeName: c.Take.Name, At: c.At, Relay: relay})
		}
	}
}

// fieldKinds returns what the package's calls of constructors of other
// packages (SetsField) store in each field, when all the calls agree.
func (b *builder) fieldKinds() map[string]Receiver {
	kinds := map[string]Receiver{}
	seen := map[string]bool{}
	for _, f := range b.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := b.calleeOf(call)
			var s SetsField
			if fn == nil || fn.Pkg() == b.pass.Pkg || !b.pass.ImportObjectFact(fn.Origin(), &s) {
				return true
			}
			for i, field := range s.Fields {
				r := RecvUnknown
				if p := s.Params[i]; p < len(call.Args) && !call.Ellipsis.IsValid() {
					r = ValueReceiver(b.pass, call.Args[p])
				}
				if seen[field] && kinds[field] != r {
					r = RecvUnknown
				}
				kinds[field], seen[field] = r, true
			}
			return true
		})
	}
	return kinds
}

// Pos returns where a far split is reported: at the caller's declaration.
func (s *FarSplit) Pos() token.Pos { return s.at }
