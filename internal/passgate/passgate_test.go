package passgate

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// The slot goes to the waiting pass of the lowest rank, whatever the order
// the passes came in.
func TestGateLetsTheLowestRankInFirst(t *testing.T) {
	pkgs := map[string]*types.Package{}
	ranks := map[*types.Package]int{}
	for r, name := range []string{"a", "b", "c", "d"} {
		pkgs[name] = types.NewPackage(name, name)
		ranks[pkgs[name]] = r
	}
	g := &gate{free: 1, rank: func(p *types.Package) int { return ranks[p] }}
	g.enter(pkgs["a"]) // holds the only slot

	var (
		mu  sync.Mutex
		got []string
		wg  sync.WaitGroup
	)
	for i, name := range []string{"d", "b", "c"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.enter(pkgs[name])
			mu.Lock()
			got = append(got, name)
			mu.Unlock()
			g.leave()
		}()
		waitFor(t, func() bool { return waiting(g) == i+1 })
	}
	g.leave()
	wg.Wait()
	if want := []string{"b", "c", "d"}; !slices.Equal(got, want) {
		t.Errorf("passes let in as %v, want %v", got, want)
	}
	if g.free != 1 {
		t.Errorf("%d slots free at the end, want 1", g.free)
	}
}

// Every package ranks after the packages it imports.
func TestRanksPutImportsFirst(t *testing.T) {
	mk := func(path string, imports ...*packages.Package) *packages.Package {
		p := &packages.Package{PkgPath: path, Types: types.NewPackage(path, path), Imports: map[string]*packages.Package{}}
		for _, i := range imports {
			p.Imports[i.PkgPath] = i
		}
		return p
	}
	base := mk("base")
	store := mk("store", base)
	queue := mk("queue", base, store)
	worker := mk("worker", queue, store)
	cmd := mk("cmd", worker, base)
	rank := Ranks([]*packages.Package{cmd, store})
	for _, p := range []*packages.Package{base, store, queue, worker, cmd} {
		for _, i := range p.Imports {
			if rank(i.Types) >= rank(p.Types) {
				t.Errorf("%s ranks %d, not after its import %s (%d)", p.PkgPath, rank(p.Types), i.PkgPath, rank(i.Types))
			}
		}
	}
	if other := types.NewPackage("other", "other"); rank(other) <= rank(cmd.Types) {
		t.Errorf("a package Ranks was not given ranks %d, not last", rank(other))
	}
}

// The copies run the analyzers as written: each sees itself as pass.Analyzer
// and finds what it requires under the original analyzers, and no more
// passes run at once than there are slots.
func TestCopiesRunTheAnalyzersBehindTheGate(t *testing.T) {
	var running, most atomic.Int32
	busy := func() func() {
		n := running.Add(1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		time.Sleep(5 * time.Millisecond)
		return func() { running.Add(-1) }
	}
	var leaves []*analysis.Analyzer
	for _, name := range []string{"l1", "l2", "l3", "l4"} {
		leaves = append(leaves, &analysis.Analyzer{Name: name, Doc: name, ResultType: reflect.TypeFor[string](), Run: func(pass *analysis.Pass) (any, error) {
			defer busy()()
			return pass.Analyzer.Name + "@" + pass.Pkg.Path(), nil
		}})
	}
	var seen []any
	var top *analysis.Analyzer
	top = &analysis.Analyzer{Name: "top", Doc: "top", Requires: leaves, Run: func(pass *analysis.Pass) (any, error) {
		defer busy()()
		if pass.Analyzer != top {
			return nil, fmt.Errorf("top runs as %p, not as itself (%p)", pass.Analyzer, top)
		}
		for _, l := range leaves {
			seen = append(seen, pass.ResultOf[l])
		}
		return nil, nil
	}}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadSyntax, Dir: "testdata/p"}, ".")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("loading testdata/p: %v %v", err, pkgs)
	}
	g := New([]*analysis.Analyzer{top}, Ranks(pkgs), 2)
	if g.Roots[0] == top || g.Original(g.Roots[0]) != top {
		t.Fatalf("the root is not a copy of top")
	}
	graph, err := checker.Analyze(g.Roots, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
	}
	for i, l := range leaves {
		if want := l.Name + "@" + pkgs[0].PkgPath; i >= len(seen) || seen[i] != want {
			t.Fatalf("top saw results %v, want %s at %d", seen, want, i)
		}
	}
	if most.Load() > 2 {
		t.Errorf("%d passes ran at once behind a gate of 2 slots", most.Load())
	}
}

func waiting(g *gate) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.waiting)
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(time.Millisecond)
	}
}
