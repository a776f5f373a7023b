package queuemodel

import (
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// SQL in the database: a Go call whose SQL does nothing but call a
// function of the schema stands for the statements of the function's body,
// and a statement that changes a table with triggers also runs the
// triggers' functions. Their statements join the call's, each placed at
// its own position in the migration.

// maxNesting bounds how deep function bodies calling functions are followed.
const maxNesting = 4

// functionBodies replaces a call's statements with the body of the function
// its SQL calls, when the schema defines it. bound are the constants the
// Go code binds to the call's parameters.
func (b *builder) functionBodies(c *Call, call *sqlcheck.FuncCall, bound map[int]string) {
	if call == nil {
		return
	}
	fn := b.model.Schema().Function(call.Name)
	if fn == nil {
		return // a built-in (now(), pg_try_advisory_lock), or defined elsewhere
	}
	c.Function = fn
	c.Stmts = b.bodyStatements(c, fn, call.Args, false, map[*sqlcheck.Function]bool{})
	// The function's parameters given constants, in the SQL (finish($1,
	// 'done')) or from Go (finish($1, $2) with a constant bound to $2),
	// read as those constants in this call's view of the body.
	consts := map[int]string{}
	for i, a := range call.Args {
		switch {
		case i >= len(fn.Params):
		case a.Kind == sqlcheck.ValueConst:
			consts[i+1] = a.Str
		case a.Kind == sqlcheck.ValueParam:
			if v, ok := bound[a.Param]; ok {
				consts[i+1] = v
			}
		}
	}
	if len(consts) > 0 {
		for _, st := range c.Stmts {
			if st.Body.Function == fn && st.Body.args != nil {
				st.Stmt = st.Stmt.Bind(consts)
			}
		}
	}
	b.number(c)
}

// triggerBodies adds to each statement that changes a table the bodies of
// the triggers it fires. Only packages that may hold a queue (a statement
// shaped like a poll, a function body, a queue of a dependency) pay for the
// schema this needs, and only when they change a table.
func (b *builder) triggerBodies() {
	if !b.changesTables() || !b.mayHoldQueue() {
		return
	}
	schema := b.model.Schema()
	if schema == nil || len(schema.Triggers) == 0 {
		return
	}
	for _, c := range b.model.Calls {
		var out []*Statement
		for _, st := range c.Stmts {
			out = append(out, st)
			if st.Body != nil && st.Body.Trigger {
				continue
			}
			for _, t := range schema.Triggers {
				if t.Table != st.Table || !t.Fires(st.Kind) {
					continue
				}
				if fn := schema.Function(t.Function); fn != nil && fn.Unread == "" {
					out = append(out, b.bodyStatements(c, fn, nil, true, map[*sqlcheck.Function]bool{})...)
				}
			}
		}
		if len(out) != len(c.Stmts) {
			c.Stmts = out
			b.number(c)
		}
	}
}

// changesTables reports whether a statement of the package may fire a
// trigger: it inserts, updates or deletes.
func (b *builder) changesTables() bool {
	for _, c := range b.model.Calls {
		for _, st := range c.Stmts {
			if st.Kind == sqlcheck.KindInsert || st.Kind == sqlcheck.KindUpdate || st.Kind == sqlcheck.KindDelete {
				return true
			}
		}
	}
	return false
}

// mayHoldQueue reports whether the package runs a statement shaped like a
// poll, calls a function of the schema, or imports a queue.
func (b *builder) mayHoldQueue() bool {
	for _, c := range b.model.Calls {
		if c.Function != nil {
			return true
		}
		for _, st := range c.Stmts {
			shaped := false
			st.Stmt.Walk(func(s *sqlcheck.Stmt) { shaped = shaped || sqlcheck.IsPollShape(s) })
			if shaped {
				return true
			}
		}
	}
	return len(b.inheritedQueues()) > 0
}

// bodyStatements returns the statements a call of fn runs: its body's, and
// those of the functions its body calls in turn. args are the values the Go
// statement passes to fn, nil when fn is reached otherwise.
func (b *builder) bodyStatements(c *Call, fn *sqlcheck.Function, args []sqlcheck.Value, trigger bool, seen map[*sqlcheck.Function]bool) []*Statement {
	if fn.Unread != "" || seen[fn] || len(seen) >= maxNesting {
		return nil
	}
	seen[fn] = true
	defer delete(seen, fn)
	var out []*Statement
	for _, bs := range fn.Body {
		if bs.Calls != nil {
			if inner := b.model.Schema().Function(bs.Calls.Name); inner != nil {
				out = append(out, b.bodyStatements(c, inner, nil, trigger, seen)...)
			}
			continue
		}
		out = append(out, &Statement{
			Stmt: bs.Stmt,
			Call: c,
			Body: &Body{Function: fn, Stmt: bs, At: b.model.Pos(bs.Loc), Trigger: trigger, args: args},
		})
	}
	return out
}

// number records the order of a call's statements.
func (b *builder) number(c *Call) {
	for i, st := range c.Stmts {
		st.order = i
	}
}
