package ormsql

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// A BoundConst is one string constant a parameter may be bound to, with
// the Go statements that give it (job.Status = "failed" in one branch of
// an if before Save, "retrying" in the other).
type BoundConst struct {
	Value string
	// Obj is the Go constant that names Value when it is an integer state
	// (a constant of a named integer type); nil otherwise.
	Obj *types.Const
	At  []ast.Node
}

// gormHooks are the methods GORM calls on a model around Save, Create and
// the reads; each may change the model's fields.
var gormHooks = []string{"BeforeSave", "BeforeCreate", "BeforeUpdate", "AfterSave", "AfterCreate", "AfterUpdate", "AfterFind"}

// hasGormHooks reports whether a model has a method GORM calls as a hook.
func hasGormHooks(t types.Type) bool {
	for _, name := range gormHooks {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), false, nil, name)
		if _, ok := obj.(*types.Func); ok {
			return true
		}
	}
	return false
}

// gormPointerUse says what a GORM call given a model's address does to it:
// a read fills it from the row (First, Find...); Save writes it and, with
// no hook, leaves the fields the code set as they were (it sets only the
// update time); any other call, of GORM or not, may change it.
func gormPointerUse(hooks bool, model ssa.CallInstruction) func(*ssa.CallCommon) effects.PointerUse {
	return func(c *ssa.CallCommon) effects.PointerUse {
		if model != nil && c == model.Common() {
			return effects.UseKeeps // the chain's own Model: GORM only holds the address
		}
		switch effects.GormMethod(c) {
		case "First", "Take", "Last", "Find", "Scan":
			return effects.UseFills
		case "Save":
			if !hooks {
				return effects.UseKeeps
			}
		}
		return effects.UseUnknown
	}
}

// savedStruct is what the code left in the struct a Save call writes.
type savedStruct struct {
	// consts are the string constants stored in its fields on every path
	// to the call (a field set on each branch of an if has each
	// branch's), by field name.
	consts map[string][]BoundConst
	// written are the fields stored into on every path, whatever the value.
	written map[string]bool
	// filled says it was read from the database before, on every path.
	filled bool
}

// savedFields reads, on SSA, the struct a Save call, or an Updates after
// Select, writes; model is the chain's own Model call, if any. A model
// with hooks may change its fields as GORM saves it: no field is read.
func (g *gormReader) savedFields(call *ast.CallExpr, model types.Type, own ssa.CallInstruction) savedStruct {
	for {
		p, ok := model.(*types.Pointer)
		if !ok {
			break
		}
		model = p.Elem()
	}
	hooks := hasGormHooks(model)
	at, ok := g.r.Effects.StructAt(call, 0, gormPointerUse(hooks, own))
	if !ok {
		return savedStruct{}
	}
	out := savedStruct{filled: at.Filled}
	if hooks {
		return out
	}
	out.consts, out.written = map[string][]BoundConst{}, map[string]bool{}
fields:
	for field, stores := range at.Fields {
		out.written[field] = true
		var consts []BoundConst
		for _, s := range stores {
			if !s.Values.Known() || len(s.Values.Set) != 1 {
				continue fields
			}
			v, ok := s.Values.Set[0].Text()
			if !ok {
				continue fields
			}
			node := g.assignAt(s.Pos)
			if node == nil {
				continue fields
			}
			i := slices.IndexFunc(consts, func(k BoundConst) bool { return k.Value == v })
			if i < 0 {
				consts = append(consts, BoundConst{Value: v, Obj: stateConst(s.Values.Set[0])})
				i = len(consts) - 1
			}
			consts[i].At = append(consts[i].At, node)
		}
		slices.SortFunc(consts, func(a, b BoundConst) int { return strings.Compare(a.Value, b.Value) })
		out.consts[field] = consts
	}
	return out
}

// assignAt returns the assignment statement of the request's file that
// holds a position (a store into a field).
func (g *gormReader) assignAt(pos token.Pos) ast.Node { return assignAt(g.r.Cursor, pos) }

// assignAt returns the assignment statement of the file around cur that
// holds a position.
func assignAt(cur inspector.Cursor, pos token.Pos) ast.Node {
	if !pos.IsValid() {
		return nil
	}
	file := cur
	for c := cur; c.Valid(); c = c.Parent() {
		if _, ok := c.Node().(*ast.File); ok {
			file = c
			break
		}
	}
	at, ok := file.FindByPos(pos, pos)
	if !ok {
		return nil
	}
	for c := range at.Enclosing((*ast.AssignStmt)(nil)) {
		return c.Node()
	}
	return nil
}

// stateConst returns the Go constant that names a value stored to a field
// of a named integer type, when one does (effects.Ints).
func stateConst(v effects.Value) *types.Const {
	if len(v.Parts) != 1 {
		return nil
	}
	k, _ := v.Parts[0].Obj.(*types.Const)
	return k
}
