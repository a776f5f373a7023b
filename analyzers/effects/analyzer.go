package effects

import (
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Analyzer gives a package's Effects. It reports nothing itself, and
// builds SSA only when a rule first asks a question of a package of the
// module that type-checks, or when the package declares a small function
// whose string result is made from its arguments (a quoting helper), whose
// summary it exports for the packages that call it (summary.go): packages
// with neither cost nothing.
var Analyzer = &analysis.Analyzer{
	Name:             "effects",
	Doc:              "model on SSA what a package's code does to the database (shared by every jobqlint rule)",
	URL:              "https://github.com/jobqlint/jobqlint",
	Run:              run,
	ResultType:       reflect.TypeFor[*Effects](),
	FactTypes:        []analysis.Fact{(*StringFunc)(nil), (*ResultTypes)(nil), (*CtxTx)(nil), (*FieldStores)(nil), (*SquirrelVar)(nil), (*ConstVar)(nil), (*Converted)(nil), (*Forwards)(nil)},
	RunDespiteErrors: true,
	Requires:         []*analysis.Analyzer{CallsAnalyzer, WorkAnalyzer},
}

// Effects is what a package's code does to the database. With no SSA (a
// dependency, or code that does not type-check) every question answers
// "cannot tell".
type Effects struct {
	pass *analysis.Pass // nil when no SSA can be built
	once sync.Once

	sums    *Calls // which functions of the module run no statement (callsum.go)
	work    *Idle  // which functions of the module do no work (nowork.go)
	pkg     *ssa.Package
	funcs   map[ast.Node]*ssa.Function
	calls   map[token.Pos]ssa.CallInstruction
	callers map[*ssa.Function][]ssa.CallInstruction
	// bound holds the method values (x.Method) made in this package's
	// code, by the method.
	bound  map[*types.Func][]*ssa.MakeClosure
	all    []*ssa.Function // every function of the package, built with it
	stores []*ssa.Store    // every store of those functions, built with it
	// fieldAddrsOf, fieldStores and globalUses index the functions'
	// instructions by the field they take the address of or store into,
	// and by the package-level value (global, function) they use: the
	// walks that ask these per value would otherwise scan the package each
	// time (see indexUses).
	fieldAddrsOf map[*types.Var][]*ssa.FieldAddr
	fieldStores  map[*types.Var][]*ssa.Store
	globalUses   map[ssa.Value][]ssa.Instruction

	txOnce     sync.Once
	txs        []*Tx                                 // the transactions the package begins (tx.go)
	givenMu    sync.Mutex                            // rules of one package ask at once
	given      map[givenKey]*Tx                      // the transactions functions are given, as asked for
	invoked    map[ssa.CallInstruction]*ssa.Function // InvokeCallee's answers
	methodSums map[*ssa.Function]*StringFunc         // the summaries of methods called through interfaces (invoke.go)
	ctxHelpers map[*Tx]ctxHelper                     // the package's helpers that hand a context carrying their transaction
	invokeOnce sync.Once
	invokes    map[string][]ssa.CallInstruction // calls through interfaces, by method name

	writesOnce sync.Once
	writes     map[*types.Var]*FieldStores // what the package writes into string fields (fieldstores.go)

	// asValues and invokedNames are the package's functions used as
	// values and the method names it calls through interfaces (see
	// resolver.outOfSight), found once.
	convOnce  sync.Once
	converted *Converted   // the package's own conversions (converted.go)
	convTyped []Conversion // and those of concrete types, with their types

	sightOnce    sync.Once
	asValues     map[*ssa.Function]bool
	invokedNames map[string]bool
}

func run(pass *analysis.Pass) (any, error) {
	if DependencyCode(pass) {
		return &Effects{}, nil
	}
	if !typedCode(pass) {
		(&Effects{}).exportConverted(pass, true)
		return &Effects{}, nil
	}
	e := &Effects{pass: pass, sums: pass.ResultOf[CallsAnalyzer].(*Calls), work: pass.ResultOf[WorkAnalyzer].(*Idle)}
	e.exportSummaries(pass)
	e.exportResultTypes(pass)
	e.exportCtxTx(pass)
	exportSquirrelVars(pass)
	exportConstVars(pass)
	e.writes = exportFieldStores(pass)
	e.exportConverted(pass, false)
	e.exportForwards(pass)
	return e, nil
}

// Pkg returns the package's SSA form, built on first use (rules of one
// package may ask at the same time); nil when it cannot be built.
func (e *Effects) Pkg() *ssa.Package {
	if e == nil || e.pass == nil {
		return nil
	}
	e.once.Do(func() {
		if e.pkg = buildSSA(e.pass.Fset, e.pass.Pkg, e.pass.Files, e.pass.TypesInfo); e.pkg != nil {
			importCtxFacts(e.pass)
			e.all = funcsOf(e.pkg)
			e.stores = storesOf(e.all)
			e.index()
			e.indexUses()
		}
	})
	return e.pkg
}

// transactionsOnce returns the transactions the package begins, found on
// first use (after the SSA is built: finding them asks questions of it).
func (e *Effects) transactionsOnce() []*Tx {
	if e.Pkg() == nil {
		return nil
	}
	e.txOnce.Do(func() { e.txs = e.transactions() })
	return e.txs
}

// Release frees the package's SSA once no rule will ask about the package
// again; every later question answers "cannot tell". The standalone driver
// keeps every package's results until the run ends, and SSA is most of
// their size.
func (e *Effects) Release() {
	if e == nil {
		return
	}
	e.once.Do(func() {}) // a later Pkg must not build it again
	e.txOnce.Do(func() {})
	e.invokeOnce.Do(func() {})
	e.sightOnce.Do(func() {})
	e.convOnce.Do(func() {})
	e.givenMu.Lock()
	defer e.givenMu.Unlock()
	e.pass, e.pkg = nil, nil
	e.funcs, e.calls, e.callers, e.all, e.stores = nil, nil, nil, nil, nil
	e.fieldAddrsOf, e.fieldStores, e.globalUses = nil, nil, nil
	e.txs, e.given, e.invoked, e.invokes, e.ctxHelpers = nil, nil, nil, nil, nil
	e.asValues, e.invokedNames = nil, nil
	e.converted, e.convTyped = nil, nil
}

// Built reports whether the package's SSA has been built.
func (e *Effects) Built() bool { return e != nil && e.pkg != nil }

// DependencyCode reports whether a package is code the module depends on
// rather than its own: the standard library, or a package of a required
// module (a module with a version; the main module and the modules of a
// go.work, or of a replace by a directory, have none). jobqlint judges the
// module's code: a library's functions are never its wrappers or claim
// loops, and skipping them keeps go vet's dependency runs cheap. Both
// drivers agree: standalone loads these packages from export data.
func DependencyCode(pass *analysis.Pass) bool {
	if pass.Module != nil && pass.Module.Version != "" {
		return true
	}
	if pass.Module != nil && pass.Module.Path != "" {
		return false
	}
	goroot := build.Default.GOROOT
	if goroot == "" || len(pass.Files) == 0 {
		return false
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	return strings.HasPrefix(name, filepath.Join(goroot, "src")+string(filepath.Separator))
}

// sortedCalls returns the indexed calls in position order, so that what is
// built from them does not depend on map order.
func (e *Effects) sortedCalls() []ssa.CallInstruction {
	out := make([]ssa.CallInstruction, 0, len(e.calls))
	for _, c := range e.calls {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b ssa.CallInstruction) int { return int(a.Common().Pos() - b.Common().Pos()) })
	return out
}
