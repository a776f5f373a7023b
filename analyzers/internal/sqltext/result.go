package sqltext

import (
	"fmt"
	"go/token"
	"go/types"
	"hash/fnv"
	"strings"
	"sync"
)

// A name a function of the module computes from values no resolver can pin
// (func (a *Adapter) messagesTable(topic string) string, called with a
// topic that code out of sight gives) is a placeholder of its own, keyed
// by the function and by what the call gives it: each argument's constant
// text, the placeholder of the Go object it is the value of, or "?" for a
// value that stays unknown. The same call shape names the same table, in
// DML and in the DDL the module runs; another function, another constant
// or another object is another table. Every unknown argument is one
// wildcard: a function called with a topic the caller gives names one
// family of tables, whose only shape in the module is the DDL that names
// it by the same call.

// resultKey identifies one call shape of one function.
type resultKey struct {
	fn  *types.Func
	key string
}

var (
	resultVars  sync.Map // resultKey → *types.Var
	resultNames sync.Map // *types.Var → placeholder
)

// ResultVar returns the object that stands for the unknown result of fn,
// a package-level function or method, called with arguments of the given
// key (one entry per argument, "?" for an unknown one); nil when fn has no
// package. The same function and key give the same object.
func ResultVar(fn *types.Func, key []string) *types.Var {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	k := resultKey{fn.Origin(), strings.Join(key, "\x00")}
	if v, ok := resultVars.Load(k); ok {
		return v.(*types.Var)
	}
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if strings.Trim(k.key, "?\x00") != "" {
		h := fnv.New32a()
		h.Write([]byte(k.key))
		name += fmt.Sprintf(".k%06x", h.Sum32()&0xffffff)
	}
	v := types.NewVar(token.NoPos, fn.Pkg(), name, types.Typ[types.String])
	actual, loaded := resultVars.LoadOrStore(k, v)
	if !loaded {
		resultNames.Store(v, placeholder(fn.Pkg().Path(), fn.Pkg().Name(), name))
	}
	return actual.(*types.Var)
}

// resultPlaceholder returns the placeholder of an object ResultVar made.
func resultPlaceholder(obj types.Object) (string, bool) {
	v, ok := obj.(*types.Var)
	if !ok {
		return "", false
	}
	name, ok := resultNames.Load(v)
	if !ok {
		return "", false
	}
	return name.(string), true
}

// IsResultVar reports whether obj stands for a function's unknown result
// (ResultVar).
func IsResultVar(obj types.Object) bool {
	_, ok := resultPlaceholder(obj)
	return ok
}

// ObjectPlaceholder returns the placeholder that stands for the value of a
// Go object: a field, a package variable, a parameter package effects keeps
// as one, or a function's unknown result (ResultVar).
func ObjectPlaceholder(obj types.Object) (string, bool) { return partPlaceholder(obj) }
