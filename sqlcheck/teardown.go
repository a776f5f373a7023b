package sqlcheck

import pg "github.com/pganalyze/pg_query_go/v5"

// withoutTeardowns drops the teardowns from the DDL literals of one Go
// file, in source order: a literal whose every statement is a DROP of
// objects that earlier literals of the file create. A library that
// creates its tables in Start and drops them in Close holds both in one
// file; replayed in order, the DROP would leave no schema, while the
// program runs it only when it is done with the queue.
func withoutTeardowns(srcs []*Source) []*Source {
	created := map[string]bool{}
	kept := srcs[:0:0]
	for _, src := range srcs {
		stmts, errs := Parse(src.SQL)
		if len(errs) == 0 && len(stmts) > 0 && dropsOnly(stmts, created) {
			continue
		}
		for _, raw := range stmts {
			for _, name := range createdNames(raw.Node) {
				created[name] = true
			}
		}
		kept = append(kept, src)
	}
	return kept
}

// dropsOnly reports whether every statement is a DROP whose objects are
// all in created.
func dropsOnly(stmts []RawStmt, created map[string]bool) bool {
	for _, raw := range stmts {
		d := raw.Node.GetDropStmt()
		if d == nil || len(d.GetObjects()) == 0 {
			return false
		}
		for _, obj := range d.GetObjects() {
			name := droppedName(d.GetRemoveType(), obj)
			if name == "" || !created[name] {
				return false
			}
		}
	}
	return true
}

// createdNames returns the objects a statement creates, as kind and
// unqualified name (see objectKey).
func createdNames(n *pg.Node) []string {
	switch {
	case n.GetCreateStmt() != nil:
		return []string{objectKey(pg.ObjectType_OBJECT_TABLE, n.GetCreateStmt().GetRelation().GetRelname())}
	case n.GetIndexStmt() != nil && n.GetIndexStmt().GetIdxname() != "":
		return []string{objectKey(pg.ObjectType_OBJECT_INDEX, n.GetIndexStmt().GetIdxname())}
	case n.GetCreateFunctionStmt() != nil:
		return []string{objectKey(pg.ObjectType_OBJECT_FUNCTION, lastName(n.GetCreateFunctionStmt().GetFuncname()))}
	case n.GetCreateTrigStmt() != nil:
		return []string{objectKey(pg.ObjectType_OBJECT_TRIGGER, n.GetCreateTrigStmt().GetTrigname())}
	}
	return nil
}

// droppedName returns the key of an object a DROP names, or "" for a kind
// of object no literal is taken to create.
func droppedName(kind pg.ObjectType, obj *pg.Node) string {
	items := obj.GetList().GetItems()
	if owa := obj.GetObjectWithArgs(); owa != nil {
		items = owa.GetObjname()
	}
	switch kind {
	case pg.ObjectType_OBJECT_TABLE, pg.ObjectType_OBJECT_INDEX, pg.ObjectType_OBJECT_FUNCTION, pg.ObjectType_OBJECT_TRIGGER:
		// DROP TRIGGER name ON table lists the table first, the trigger last.
		return objectKey(kind, lastName(items))
	}
	return ""
}

func objectKey(kind pg.ObjectType, name string) string {
	if name == "" {
		return ""
	}
	return kind.String() + " " + name
}

func lastName(items []*pg.Node) string {
	if len(items) == 0 {
		return ""
	}
	return items[len(items)-1].GetString_().GetSval()
}
