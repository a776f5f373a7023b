// Package passgate runs the analysis passes of a standalone run a few at
// a time, in the order of the import graph, so that a package's passes,
// from building its SSA to releasing it, run before the next package's
// start and few packages' SSA and queue models are alive at once.
//
// The checker of golang.org/x/tools starts every action in a goroutine of
// its own as soon as its inputs are there, and the Go scheduler shares the
// processors among all of them: on hatchet hundreds of packages had their
// SSA built and not yet released at one time (docs/speed.md). New puts a
// gate in front of every pass: as many run at once as there are slots, and
// a free slot goes to the waiting pass whose package comes first in a
// topological order of the imports. A package's passes depend only on
// packages before it, so once its SSA is built nothing keeps its rules
// and its release waiting behind the next package's.
//
// A pass never holds a slot while it waits for another action (the checker
// calls Run only once the action's inputs are done), so the gate cannot
// deadlock.
package passgate

import (
	"go/types"
	"maps"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// A Graph is a gated copy of a set of analyzers and all they require.
type Graph struct {
	// Roots are the copies of the analyzers given to New, in order.
	Roots []*analysis.Analyzer
	orig  map[*analysis.Analyzer]*analysis.Analyzer
}

// Original returns the analyzer a copy was made from (a itself if a is
// not a copy).
func (g *Graph) Original(a *analysis.Analyzer) *analysis.Analyzer {
	if o, ok := g.orig[a]; ok {
		return o
	}
	return a
}

// New copies roots and the analyzers they require, each with its Run
// behind one gate of the given number of slots that lets waiting passes
// in by their package's rank, lowest first (Ranks).
func New(roots []*analysis.Analyzer, rank func(*types.Package) int, slots int) *Graph {
	g := &Graph{orig: map[*analysis.Analyzer]*analysis.Analyzer{}}
	gt := &gate{free: max(slots, 1), rank: rank}
	copies := map[*analysis.Analyzer]*analysis.Analyzer{}
	var cp func(a *analysis.Analyzer) *analysis.Analyzer
	cp = func(a *analysis.Analyzer) *analysis.Analyzer {
		if c, ok := copies[a]; ok {
			return c
		}
		c := new(analysis.Analyzer)
		*c = *a
		copies[a] = c
		g.orig[c] = a
		c.Requires = make([]*analysis.Analyzer, len(a.Requires))
		for i, r := range a.Requires {
			c.Requires[i] = cp(r)
		}
		run := a.Run
		c.Run = func(pass *analysis.Pass) (any, error) {
			p := *pass
			p.Analyzer = a
			p.ResultOf = make(map[*analysis.Analyzer]any, len(pass.ResultOf))
			for k, v := range pass.ResultOf {
				p.ResultOf[g.Original(k)] = v
			}
			gt.enter(pass.Pkg)
			defer gt.leave()
			return run(&p)
		}
		return c
	}
	for _, a := range roots {
		g.Roots = append(g.Roots, cp(a))
	}
	return g
}

// Ranks numbers the packages and all they import so that every package
// comes after its imports (a depth-first postorder); a package it does not
// know ranks last.
func Ranks(pkgs []*packages.Package) func(*types.Package) int {
	rank := map[*types.Package]int{}
	seen := map[*packages.Package]bool{}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			visit(p.Imports[path])
		}
		if p.Types != nil {
			rank[p.Types] = len(rank)
		}
	}
	for _, p := range pkgs {
		visit(p)
	}
	return func(p *types.Package) int {
		if r, ok := rank[p]; ok {
			return r
		}
		return len(rank)
	}
}

// gate hands its slots to waiting passes, lowest rank first.
type gate struct {
	mu      sync.Mutex
	free    int
	rank    func(*types.Package) int
	waiting []waiter
}

type waiter struct {
	rank  int
	ready chan struct{}
}

// enter waits for a slot.
func (g *gate) enter(pkg *types.Package) {
	g.mu.Lock()
	if g.free > 0 {
		g.free--
		g.mu.Unlock()
		return
	}
	w := waiter{g.rank(pkg), make(chan struct{})}
	g.waiting = append(g.waiting, w)
	g.mu.Unlock()
	<-w.ready
}

// leave hands the slot to the waiting pass of the lowest rank (the longest
// waiting among equals), or frees it.
func (g *gate) leave() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.waiting) == 0 {
		g.free++
		return
	}
	best := 0
	for i, w := range g.waiting {
		if w.rank < g.waiting[best].rank {
			best = i
		}
	}
	w := g.waiting[best]
	g.waiting = append(g.waiting[:best], g.waiting[best+1:]...)
	close(w.ready)
}
