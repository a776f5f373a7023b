package effects

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A summary that holds for some functions of a package travels as one
// package fact naming them, not as an object fact on each: a driver copies
// every fact of every dependency into each package's facts (go vet writes
// them all into each package's fact file), so object facts grow with the
// number of functions times the number of packages that see them. On
// hatchet NoWork and NoStatement as object facts were 1.25 million copies.

// funcSet is the sorted names (funcName) of some exported functions and
// methods of one package; never "" (a receiver whose type did not check).
type funcSet []string

func newFuncSet(fns []*types.Func) funcSet {
	var names funcSet
	for _, fn := range fns {
		if name := funcName(fn); fn.Exported() && name != "" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

func (s funcSet) has(fn *types.Func) bool {
	_, found := slices.BinarySearch(s, funcName(fn))
	return found
}

func (s funcSet) String() string { return strings.Join(s, " ") }

// funcName names a function within its package: F, or T.M for a method
// of T or *T. A method of an unnamed receiver type has none ("").
func funcName(fn *types.Func) string {
	fn = fn.Origin()
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Name()
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name() + "." + fn.Name()
	}
	return ""
}

// funcSummary is what a package knows of the functions a summary holds
// for: its own, and those the package facts of other packages name.
type funcSummary struct {
	local    map[*types.Func]bool
	imported map[*types.Package]funcSet
}

func (s *funcSummary) holds(fn *types.Func) bool {
	if s == nil || fn == nil {
		return false
	}
	fn = fn.Origin()
	return s.local[fn] || s.imported[fn.Pkg()].has(fn)
}

// importFuncSets reads the sets the package facts of the pass's
// dependencies carry; names gives a fact's set.
func importFuncSets(pass *analysis.Pass, names func(analysis.Fact) (funcSet, bool)) *funcSummary {
	s := &funcSummary{local: map[*types.Func]bool{}, imported: map[*types.Package]funcSet{}}
	for _, f := range pass.AllPackageFacts() {
		if set, ok := names(f.Fact); ok {
			s.imported[f.Package] = set
		}
	}
	return s
}
