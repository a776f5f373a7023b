package effects

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A strings.Builder or bytes.Buffer that a function makes and writes to
// itself holds, where its String method is called, what the writes on the
// way there put in it, in order: one value per path through the function
// from where it is made, each path's writes (WriteString, WriteByte,
// WriteRune, fmt.Fprintf and fmt.Fprint into it; Reset) concatenated. A
// write on a path that can go round a loop makes the value a hole: how
// many times it runs is not known, and SQL repeated a different number of
// times (a VALUES group, an AND per filter) is other SQL. So is a builder
// passed on to other code, which may write to it.

// maxBuilderPaths bounds the paths followed through one function.
const maxBuilderPaths = 64

// isBuilderMethod reports whether fn is a method of strings.Builder or
// bytes.Buffer.
func isBuilderMethod(fn *ssa.Function) bool {
	recv := fn.Signature.Recv()
	return recv != nil && isBuilder(recv.Type())
}

func isBuilder(t types.Type) bool {
	return isType(t, "strings", "Builder") || isType(t, "bytes", "Buffer")
}

// builder resolves the String method of a builder made in the function.
func (r *resolver) builder(call *ssa.Call, b *binding, depth int) Values {
	alloc, ok := call.Common().Args[0].(*ssa.Alloc)
	if !ok || alloc.Parent() != call.Parent() {
		return hole("a strings.Builder made out of sight")
	}
	writes, why := builderWrites(alloc)
	if why != "" {
		return hole(why)
	}
	if src := rewriteSource(writes); src != nil {
		return r.value(src, b, depth) // rewrite.go
	}
	w := &builderWalk{r: r, b: b, depth: depth, call: call, writes: writes, onPath: map[*ssa.BasicBlock]bool{}}
	blk := alloc.Block()
	start := 0
	for i, instr := range blk.Instrs {
		if instr == alloc {
			start = i + 1
		}
	}
	w.walk(blk, start, text(""))
	if w.why != "" {
		return hole(w.why)
	}
	if len(w.out.Set) == 0 && w.out.Hole == "" {
		return hole("a strings.Builder whose String is never reached")
	}
	return w.out
}

// builderWrites returns the instructions that write to a builder: every
// use of it must be a method call on it or a fmt.Fprint(f) into it; why
// says what else uses it.
func builderWrites(alloc *ssa.Alloc) (map[ssa.Instruction]bool, string) {
	writes := map[ssa.Instruction]bool{}
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Call:
			fn := ref.Common().StaticCallee()
			if fn == nil || !isBuilderMethod(fn) || len(ref.Common().Args) == 0 || ref.Common().Args[0] != alloc {
				return nil, "a strings.Builder passed on"
			}
			switch fn.Name() {
			case "WriteString", "WriteByte", "WriteRune", "Reset":
				writes[ref] = true
			case "String", "Len", "Cap", "Grow":
			default:
				return nil, "a strings.Builder written by " + fn.Name()
			}
		case *ssa.MakeInterface:
			for _, use := range *ref.Referrers() {
				c, ok := use.(*ssa.Call)
				if !ok {
					return nil, "a strings.Builder passed on"
				}
				fn := c.Common().StaticCallee()
				if fn == nil || !isFunc(fn, "fmt", "Fprintf") && !isFunc(fn, "fmt", "Fprint") || c.Common().Args[0] != ref {
					return nil, "a strings.Builder passed on"
				}
				writes[c] = true
			}
		case *ssa.Store:
			if _, ok := ref.Val.(*ssa.Const); !ok || ref.Addr != alloc {
				return nil, "a strings.Builder passed on"
			}
			writes[ref] = true // b = strings.Builder{}
		case *ssa.DebugRef:
		default:
			return nil, "a strings.Builder passed on"
		}
	}
	return writes, ""
}

// A builderWalk follows the paths from a builder's making to its String
// call, gathering what each path writes.
type builderWalk struct {
	r      *resolver
	b      *binding
	depth  int
	call   *ssa.Call
	writes map[ssa.Instruction]bool
	onPath map[*ssa.BasicBlock]bool
	path   []*ssa.BasicBlock
	paths  int
	out    Values
	why    string
}

func (w *builderWalk) walk(blk *ssa.BasicBlock, from int, acc Values) {
	if w.why != "" {
		return
	}
	w.onPath[blk] = true
	w.path = append(w.path, blk)
	defer func() {
		delete(w.onPath, blk)
		w.path = w.path[:len(w.path)-1]
	}()
	for _, instr := range blk.Instrs[from:] {
		if instr == w.call {
			if w.paths++; w.paths > maxBuilderPaths {
				w.why = "a strings.Builder written on too many paths"
				return
			}
			w.out = union(w.out, acc)
		}
		if w.writes[instr] {
			acc = w.write(instr, acc)
			if acc.Hole != "" {
				w.why = acc.Hole
				return
			}
		}
	}
	feasible := w.r.feasible(w.b, w.depth)
	for i, succ := range blk.Succs {
		if feasible != nil && !feasible[edge{blk, i}] {
			continue // a branch the helper's constant arguments rule out
		}
		if w.onPath[succ] {
			if w.loopWrites(succ) {
				w.why = "a strings.Builder written in a loop"
				return
			}
			continue
		}
		w.walk(succ, 0, acc)
	}
}

// loopWrites reports whether the cycle back to head on the current path
// writes to the builder.
func (w *builderWalk) loopWrites(head *ssa.BasicBlock) bool {
	in := false
	for _, blk := range w.path {
		in = in || blk == head
		if !in {
			continue
		}
		for _, instr := range blk.Instrs {
			if w.writes[instr] {
				return true
			}
		}
	}
	return false
}

// write appends what one write puts into the builder.
func (w *builderWalk) write(instr ssa.Instruction, acc Values) Values {
	if _, ok := instr.(*ssa.Store); ok {
		return text("")
	}
	common := instr.(*ssa.Call).Common()
	fn := common.StaticCallee()
	var add Values
	switch fn.Name() {
	case "Reset":
		return text("")
	case "WriteString":
		add = w.r.value(common.Args[1], w.b, w.depth)
	case "WriteByte", "WriteRune":
		c, ok := common.Args[1].(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
			return hole("strings.Builder's " + fn.Name() + " of a value that is not constant")
		}
		n, _ := constant.Int64Val(c.Value)
		if fn.Name() == "WriteByte" {
			add = text(string([]byte{byte(n)}))
		} else {
			add = text(string(rune(n)))
		}
	case "Fprintf":
		add = w.r.formatArgs(common.Args[1:], w.b, w.depth)
	case "Fprint":
		elems := arrayElems(sliceArray(common.Args[1]))
		if len(elems) != 1 {
			return hole("fmt.Fprint of several values")
		}
		add = w.r.formatted(elems[0], 'v', w.b, w.depth)
	}
	return concat(acc, add)
}
