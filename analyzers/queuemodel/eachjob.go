package queuemodel

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// Workers that call the job's code through an interface of their own.
//
// A worker pool often knows the code that runs a job only as an interface
// it declares (JobProcessor.ProcessJob(ctx, id), called for each id the
// pool dequeues), and the service that implements it imports the pool's
// package, never the other way round: the pool's package cannot see the
// record writes, and the service's package sees no caller of its method.
// So the pool's package exports, on each method of its own interfaces
// that it calls in a loop, an EachJob fact, and a method of another
// package that implements such an interface runs job after job, as a
// function started as a goroutine does (see builder.repeated).

// EachJob is the fact that a package calls a method of its own interface
// in a loop, outside any HTTP handler: an implementation runs job after
// job. Caller names the function that holds the loop.
type EachJob struct{ Caller string }

func (*EachJob) AFact() {}

func (f *EachJob) String() string { return "each job, from " + f.Caller }

// EachJobMethods returns the methods of the package's own interfaces that
// it calls in a loop (a for or range statement around the call, in the
// same function), with the function that calls them; a call in an HTTP
// handler (see httpSignature) is none.
func EachJobMethods(info *types.Info, pkg *types.Package, insp *inspector.Inspector) map[*types.Func]*EachJob {
	out := map[*types.Func]*EachJob{}
	for cur := range insp.Root().Preorder((*ast.CallExpr)(nil)) {
		fn, _ := typeutil.Callee(info, cur.Node().(*ast.CallExpr)).(*types.Func)
		if fn == nil || fn.Pkg() != pkg || out[fn] != nil {
			continue
		}
		recv := fn.Signature().Recv()
		if recv == nil || !types.IsInterface(recv.Type()) {
			continue
		}
		inLoop, caller := false, ""
		for anc := range cur.Enclosing() {
			switch n := anc.Node().(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				inLoop = true
			case *ast.FuncLit:
				if sig, ok := info.TypeOf(n).(*types.Signature); ok && httpSignature(sig) {
					inLoop = false
				}
				caller = "a function literal"
			case *ast.FuncDecl:
				if obj, ok := info.Defs[n.Name].(*types.Func); ok {
					if httpSignature(obj.Signature()) {
						inLoop = false
					}
					caller = obj.Name()
				}
			}
			if caller != "" {
				break
			}
		}
		if inLoop {
			out[fn] = &EachJob{Caller: caller}
		}
	}
	return out
}

// eachJobImpl reports whether a method of the package implements a method
// of an interface of another package of the module that that package calls
// job after job (its EachJob fact).
func (b *builder) eachJobImpl(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if b.eachJob == nil || recv == nil || types.IsInterface(recv.Type()) {
		return false
	}
	if b.imported == nil {
		b.imported = importedPackages(b.pass.Pkg)
	}
	for _, p := range b.imported {
		if !effects.InModule(b.pass, p) {
			continue
		}
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			iface, ok := tn.Type().Underlying().(*types.Interface)
			if !ok {
				continue
			}
			for m := range iface.Methods() {
				if m.Name() == fn.Name() && b.eachJob(m) && types.Implements(recv.Type(), iface) {
					return true
				}
			}
		}
	}
	return false
}
