package effects_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

const walkSrc = `package p

func a() {}
func b() {}
func c() {}

func loop(n int) {
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			a()
		} else {
			b()
		}
	}
	c()
}
`

// walkFunc builds the SSA of walkSrc's function name.
func walkFunc(t *testing.T, name string) *ssa.Function {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", walkSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", ""), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg.Func(name)
}

// calls returns the names of the functions b calls.
func calls(b *ssa.BasicBlock) []string {
	var out []string
	for _, instr := range b.Instrs {
		if c, ok := instr.(*ssa.Call); ok {
			if fn := c.Call.StaticCallee(); fn != nil {
				out = append(out, fn.Name())
			}
		}
	}
	return out
}

func TestWalkBlocksVisitsEachReachableBlockOnce(t *testing.T) {
	fn := walkFunc(t, "loop")
	visits := map[*ssa.BasicBlock]int{}
	stopped := effects.WalkBlocks(fn.Blocks[:1], func(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		visits[b]++
		return b.Succs, false
	})
	if stopped {
		t.Error("a walk no visit stopped reports stopped")
	}
	for _, b := range fn.Blocks {
		if visits[b] != 1 {
			t.Errorf("block %d (%s) visited %d times, want once", b.Index, b.Comment, visits[b])
		}
	}
}

func TestWalkBlocksStops(t *testing.T) {
	fn := walkFunc(t, "loop")
	var after []string
	stopped := effects.WalkBlocks(fn.Blocks[:1], func(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if slices.Contains(calls(b), "a") {
			return nil, true
		}
		after = append(after, calls(b)...)
		return b.Succs, false
	})
	if !stopped {
		t.Fatal("the walk did not stop at the call of a")
	}
	// Last successor first: the loop's head goes on to its body and then
	// its exit, so the exit (c) comes first; the body's if goes on to a()
	// and then b(), so b() comes before a().
	if want := []string{"c", "b"}; !slices.Equal(after, want) {
		t.Errorf("visited %v before stopping at a(), want %v", after, want)
	}
}

func TestWalkBlocksPrunes(t *testing.T) {
	fn := walkFunc(t, "loop")
	var met []string
	effects.WalkBlocks(fn.Blocks[:1], func(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		met = append(met, calls(b)...)
		if b.Comment == "for.body" {
			return nil, false // the path ends in the loop's body
		}
		return b.Succs, false
	})
	slices.Sort(met)
	if want := []string{"c"}; !slices.Equal(met, want) {
		t.Errorf("met %v, want %v: a() and b() are only past the loop's body", met, want)
	}
}
