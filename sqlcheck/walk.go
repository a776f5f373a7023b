package sqlcheck

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// walk calls f for n and every Node below it, in depth-first order; when f
// returns false, walk skips that node's children.
func walk(n *pg.Node, f func(*pg.Node) bool) {
	if n == nil {
		return
	}
	walkMessage(n.ProtoReflect(), f)
}

func walkMessage(m protoreflect.Message, f func(*pg.Node) bool) {
	if node, ok := m.Interface().(*pg.Node); ok && !f(node) {
		return
	}
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsList() && fd.Message() != nil:
			list := v.List()
			for i := 0; i < list.Len(); i++ {
				walkMessage(list.Get(i).Message(), f)
			}
		case fd.Message() != nil && !fd.IsMap():
			walkMessage(v.Message(), f)
		}
		return true
	})
}
