package main

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A package that has errors, or imports one that has, is marked IllTyped by
// go/packages, and go/analysis's checker runs no analyzer on it that does
// not ask to run despite errors ("analysis skipped due to errors in
// package"), nor on anything whose facts it needs ("failed prerequisites").
// Most of such a package's code is typed all the same: the type checker
// gives every declaration it can a type, and an error makes untyped only
// the expressions it is in and what is built on them. A module whose HEAD
// does not compile in one function (hellojohn: one undefined field in one
// service), whose //go:embed names a directory a build makes (docs-register:
// all:frontend/dist), or which imports a package a generator writes
// (authara: internal/email/templates) still has its queue code typed.
//
// salvage makes such a package analysable without reading code the type
// checker could not type: each function whose body holds an error, or an
// expression or a name without a valid type, loses its body (SSA and every
// rule see it as a function without Go source, about which they can tell
// nothing), and the package is no longer IllTyped. It reports the number of
// functions left out, and false, leaving the package as it was, when the
// code outside the function bodies is not all typed (a type or package
// variable that is not typed spreads into every function that uses it) or
// when a file did not parse.
func salvage(p *packages.Package) (left int, ok bool) {
	if p.Types == nil || p.TypesInfo == nil || len(p.Syntax) == 0 || len(p.Syntax) != len(p.CompiledGoFiles) {
		return 0, false
	}
	for _, e := range p.Errors {
		if e.Kind == packages.ParseError || e.Kind == packages.UnknownError {
			return 0, false
		}
	}
	info := p.TypesInfo
	var prune []*ast.FuncDecl
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				if d.Tok == token.IMPORT {
					continue // a failed import is an error at its spec, and its uses are untyped
				}
				if !typed(info, d) {
					return 0, false
				}
			case *ast.FuncDecl:
				body := bodyOf(d)
				if d.Recv != nil && !typed(info, d.Recv) || !typed(info, d.Type) || !typed(info, d.Name) {
					return 0, false
				}
				if body != nil && (!typed(info, body) || holdsError(p.TypeErrors, body)) {
					prune = append(prune, d)
				}
			}
		}
	}
	// A type error outside every function body and every import spec (an
	// invalid recursive type, a duplicate declaration) leaves the package
	// out, even when the scan found every name typed.
	for _, e := range p.TypeErrors {
		if !inFuncBody(p.Syntax, e.Pos) && !inImport(p.Syntax, e.Pos) {
			return 0, false
		}
	}
	for _, d := range prune {
		if p.Name == "main" || namesUnknown(info, bodyOf(d)) {
			signalHoles[p] = true
		}
		salvagedAny = true
		if namesFailedImport(info, bodyOf(d)) {
			reclaimHoles = append(reclaimHoles, stringLits(bodyOf(d)))
		}
		if d.Body != nil {
			prunedBodies[d] = d.Body
			d.Body = nil
		}
	}
	p.IllTyped = false
	return len(prune), true
}

// prunedBodies are the bodies salvage took from functions. go/packages
// parses a file once for a package and its test variant, which share its
// syntax: the variant checked second reads the body the first one took.
var prunedBodies = map[*ast.FuncDecl]*ast.BlockStmt{}

func bodyOf(d *ast.FuncDecl) *ast.BlockStmt {
	if b, ok := prunedBodies[d]; ok {
		return b
	}
	return d.Body
}

// signalHoles are the packages a function left out of which may be what
// asks for SIGTERM: any of a command's (its main may call the setup that
// does), and one that names os/signal or a package that was not imported
// (a shared setup library that is not there). The sigterm rule's verdict,
// that a command never handles SIGTERM, is one about code it cannot see
// there: the driver drops it (see collect).
var signalHoles = map[*packages.Package]bool{}

// namesUnknown reports whether a body names os/signal, or a package whose
// import failed (its code unknown).
func namesUnknown(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if pn, ok := info.Uses[id].(*types.PkgName); ok && (pn.Imported().Path() == "os/signal" || !pn.Imported().Complete()) {
				found = true
			}
		}
		return !found
	})
	return found
}

// salvagedAny says salvage left a function out, which may be what calls
// a package's reclaim. reclaimHoles holds, for each function left out
// that names a package whose import failed, the text of its string
// literals: a library whose code is not there, given the queue table's
// name (reaper.Run(ctx, db, "jobs")), may be the reclaim itself. The lease
// rule's verdicts that nothing in the module returns a claimed job (see
// leaseAbsence) are about code it cannot see then: the driver drops them
// (see collect), as it drops sigterm's (see signalHoles). SQL text in a
// function left out needs no hole: the rule reads the module's files for
// it (a statement, a fragment comparing the lease) whatever the type
// checker said.
var (
	salvagedAny  bool
	reclaimHoles []string
)

// stringLits returns the lowercased text of a body's string literals
// that hold no SQL: a statement's text is read from the module's files
// and judged there (a claim that names the table reclaims nothing), a
// bare name handed to a library is not.
func stringLits(body *ast.BlockStmt) string {
	var b strings.Builder
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && !sqlWords.MatchString(lit.Value) {
			b.WriteString(strings.ToLower(lit.Value))
			b.WriteByte(0)
		}
		return true
	})
	return b.String()
}

// namesFailedImport reports whether a body names a package whose import
// failed.
func namesFailedImport(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if pn, ok := info.Uses[id].(*types.PkgName); ok && !pn.Imported().Complete() {
				found = true
			}
		}
		return !found
	})
	return found
}

// leaseAbsence reports whether a lease finding's verdict is that no code
// of the module returns the claimed job, and a function left out may be
// that code: for "nothing in the module calls" the package's reclaim, any
// function left out; for "no reclaim", one in reclaimHoles that names the
// queue table (which the fix in the finding's detail updates). A finding
// about what the claim itself writes, or whose table no hole names (a
// mail renderer whose templates package a generator writes: authara's
// internal/email beside its email_jobs claim), stands.
func leaseAbsence(msg, detail string) bool {
	if strings.Contains(msg, "but nothing in the module calls ") {
		return salvagedAny
	}
	if !strings.Contains(msg, "writes no lease deadline") && !strings.Contains(msg, "but no statement in the module returns") {
		return false
	}
	m := suggestedTable.FindStringSubmatch(msg + "\n" + detail)
	if m == nil {
		return false
	}
	table := strings.Trim(strings.ToLower(m[1]), `"`)
	if i := strings.LastIndexByte(table, '.'); i >= 0 {
		table = strings.Trim(table[i+1:], `"`)
	}
	word := regexp.MustCompile(`(^|[^a-z0-9_])` + regexp.QuoteMeta(table) + `($|[^a-z0-9_])`)
	for _, lits := range reclaimHoles {
		if word.MatchString(lits) {
			return true
		}
	}
	return false
}

// sqlWords finds SQL in a string literal.
var sqlWords = regexp.MustCompile(`(?i)\b(select|insert|update|delete|from|where)\b`)

// suggestedTable finds the table a lease finding's fix updates.
var suggestedTable = regexp.MustCompile(`UPDATE ([\w."]+) SET`)

// blindToSignals reports whether a package or one it imports has a
// signal hole.
func blindToSignals(p *packages.Package) bool {
	if len(signalHoles) == 0 {
		return false
	}
	blind := false
	packages.Visit([]*packages.Package{p}, func(q *packages.Package) bool {
		blind = blind || signalHoles[q]
		return !blind
	}, nil)
	return blind
}

// typesOnly leaves a package that cannot be salvaged its types, as when it
// is loaded from export data: no syntax, so no rule reads its code, an
// empty record of it (the rules read the module's packages' records), and
// not IllTyped, so the packages that import it and were salvaged get their
// facts about it (none) instead of failing for want of them.
func typesOnly(p *packages.Package) {
	p.Syntax = nil
	p.TypesInfo = &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Instances:    map[*ast.Ident]types.Instance{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		FileVersions: map[*ast.File]string{},
	}
	p.IllTyped = false
}

// holdsError reports whether a type error lies in node.
func holdsError(errs []types.Error, node ast.Node) bool {
	for _, e := range errs {
		if node.Pos() <= e.Pos && e.Pos < node.End() {
			return true
		}
	}
	return false
}

func inFuncBody(files []*ast.File, pos token.Pos) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && bodyOf(fd) != nil && bodyOf(fd).Pos() <= pos && pos < bodyOf(fd).End() {
				return true
			}
		}
	}
	return false
}

func inImport(files []*ast.File, pos token.Pos) bool {
	for _, f := range files {
		for _, s := range f.Imports {
			if s.Pos() <= pos && pos <= s.End() {
				return true
			}
		}
	}
	return false
}

// typed reports whether every expression in node has a valid type: each
// name denotes an object of a valid type (a package name, a label or a
// builtin has none, and needs none), and each other expression has a
// recorded type. The type checker records no type for an expression it
// found invalid, nor an object for a name it could not resolve (the member
// of a package that was not imported), and reports an error only where the
// invalidity starts.
func typed(info *types.Info, node ast.Node) bool {
	ok := true
	ast.Inspect(node, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident:
			ok = nameTyped(info, n)
			return false
		case *ast.Field:
			// A struct field's tag is a literal with no type of its own.
			for _, id := range n.Names {
				ok = ok && nameTyped(info, id)
			}
			ok = ok && (n.Type == nil || typed(info, n.Type))
			return false
		case *ast.KeyValueExpr, *ast.Ellipsis, *ast.FuncType:
			return true // not expressions of their own: their parts are checked
		case *ast.TypeAssertExpr:
			if n.Type == nil {
				return true // x.(type) of a type switch
			}
		case *ast.SelectorExpr:
			// A qualified name pkg.Name is recorded as the name's use (a
			// builtin of unsafe has no type).
			if id, isID := n.X.(*ast.Ident); isID {
				if _, pkg := info.Uses[id].(*types.PkgName); pkg {
					ok = nameTyped(info, n.Sel)
					return false
				}
			}
		}
		if e, isExpr := n.(ast.Expr); isExpr {
			if tv, t := info.Types[e]; !t || invalid(tv.Type) {
				ok = false
				return false
			}
		}
		return true
	})
	return ok
}

// nameTyped reports whether a name denotes an object of a valid type.
func nameTyped(info *types.Info, id *ast.Ident) bool {
	if id.Name == "_" {
		return true
	}
	obj, def := info.Defs[id]
	if !def {
		var use bool
		if obj, use = info.Uses[id]; !use {
			_, t := info.Types[id]
			return t
		}
	}
	switch obj.(type) {
	case nil, *types.PkgName, *types.Label, *types.Builtin:
		return true
	}
	return !invalid(obj.Type())
}

func invalid(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == types.Invalid
}
