package queuemodel

import (
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// read parses a call's resolved SQL into its statements. sqlx's :name
// parameters (NamedExec) and the ? parameters of SQL written for Rebind are
// read as $n. SQL that may be one of several texts (assembled in two
// branches, a clause chosen by an option) gives one view of each
// statement per text, as a bound state does: mergeViews keeps one view
// per role.
func (b *builder) read(c *Call) {
	texts := append([]string{c.SQL}, c.variants...)
	named := strings.HasPrefix(c.Method, "Named")
	if named || c.atNamed {
		// The argument is a struct or map whose fields the names select:
		// no parameter is bound by position.
		c.Args = nil
	}
	singles, set, n := b.boundConstants(c)
	outside := c.outside
	now := b.nowParams(c)
	var (
		first   *parsedSQL
		origins []*sqlcheck.Stmt
	)
	for ti, sql := range texts {
		if named {
			sql, _ = sqltext.Named(sql)
		}
		if c.atNamed {
			sql, _ = sqltext.AtNamed(sql)
		}
		p := b.parse(sql)
		if p.err != nil {
			if q, ok := sqltext.Positional(sql); ok {
				if pq := b.parse(q); pq.err == nil {
					p = pq
				}
			}
		}
		if ti == 0 {
			first, origins = p, p.stmts
		}
		if c.ParseErr == nil && !c.unset[ti] {
			c.ParseErr = p.err
		}
		singles := singles
		if len(c.textConsts[ti]) > 0 {
			singles = maps.Clone(singles)
			if singles == nil {
				singles = map[int]string{}
			}
			maps.Copy(singles, c.textConsts[ti])
		}
		for i, st := range p.stmts {
			if len(now) > 0 {
				st = st.BindNow(now)
			}
			var origin *sqlcheck.Stmt
			if len(texts) > 1 {
				origin = st
				if i < len(origins) {
					origin = origins[i]
				}
			}
			if len(set) == 0 && len(outside) == 0 {
				if len(singles) > 0 {
					st = st.Bind(singles)
				}
				c.Stmts = append(c.Stmts, &Statement{Stmt: st, Call: c, origin: origin, text: ti})
				continue
			}
			if origin == nil {
				origin = st
			}
			// One view of the statement per value the state can take, each
			// playing its own role; mergeViews keeps one view per role.
			for _, v := range outside {
				consts := maps.Clone(v)
				for k, s := range singles {
					consts[k] = s
				}
				c.Stmts = append(c.Stmts, &Statement{Stmt: st.Bind(consts), Call: c, BoundOutside: true, origin: origin, text: ti})
			}
			for _, v := range set {
				consts := map[int]string{n: v.Value}
				for k, s := range singles {
					consts[k] = s
				}
				view := &Statement{Stmt: st.Bind(consts), Call: c, BoundAt: v.At, origin: origin, text: ti}
				for _, at := range v.At {
					view.giveAt(at, view.Stmt)
				}
				c.Stmts = append(c.Stmts, view)
			}
		}
	}
	b.number(c)
	if len(texts) == 1 {
		b.functionBodies(c, first.call, singles)
	}
}

// ParsedSQL returns the call's SQL as read derives its statements from it:
// sqlx's :name parameters, pgx's @name ones, and the ? parameters of SQL written for Rebind,
// as $n.
func (c *Call) ParsedSQL() string {
	sql := c.SQL
	if strings.HasPrefix(c.Method, "Named") {
		sql, _ = sqltext.Named(sql)
	}
	if c.atNamed {
		sql, _ = sqltext.AtNamed(sql)
	}
	if _, errs := sqlcheck.Parse(sql); len(errs) > 0 {
		if q, ok := sqltext.Positional(sql); ok {
			if _, errs := sqlcheck.Parse(q); len(errs) == 0 {
				return q
			}
		}
	}
	return sql
}

// boundConstants returns the string constants a call binds to its
// parameters: the parameters bound to one constant, and the first
// parameter bound to a variable that holds one of several constants, with
// those constants.
func (b *builder) boundConstants(c *Call) (singles map[int]string, set []sqltext.Constant, setParam int) {
	for i, arg := range c.Args {
		n := i + 1
		vals := b.resolver.Constants(arg)
		if vals == nil {
			vals = b.boundOnSSA(c, i)
		}
		if vals == nil {
			vals = b.constVar(arg)
		}
		c.noteStateConsts(n, vals)
		switch {
		case len(vals) == 1:
			if singles == nil {
				singles = make(map[int]string)
			}
			singles[n] = vals[0].Value
		case len(vals) > 1 && set == nil:
			set, setParam = vals, n
		}
	}
	for n := 1; c.spread != nil && c.Args == nil; n++ {
		perText, more := b.spreadOnSSA(c, n)
		if !more {
			break
		}
		if _, ok := c.boundConsts[n]; ok {
			continue
		}
		vals, same := perText[0], true
		for _, v := range perText[1:] {
			same = same && slices.EqualFunc(vals, v, func(x, y sqltext.Constant) bool { return x.Value == y.Value })
		}
		if !same {
			// Texts chosen with their slices bind $n each to its own
			// value: each text is read with its own, one value each.
			for ti, v := range perText {
				if len(v) == 1 {
					if c.textConsts == nil {
						c.textConsts = map[int]map[int]string{}
					}
					if c.textConsts[ti] == nil {
						c.textConsts[ti] = map[int]string{}
					}
					c.textConsts[ti][n] = v[0].Value
					c.noteStateConsts(n, v)
				}
			}
			continue
		}
		c.noteStateConsts(n, vals)
		switch {
		case len(vals) == 1:
			if singles == nil {
				singles = make(map[int]string)
			}
			singles[n] = vals[0].Value
		case len(vals) > 1 && set == nil:
			set, setParam = vals, n
		}
	}
	if set == nil {
		for _, n := range slices.Sorted(maps.Keys(c.boundSets)) {
			for _, k := range c.boundSets[n] {
				set = append(set, sqltext.Constant{Value: k.Value, At: k.At})
			}
			setParam = n
			break
		}
	}
	for n, v := range c.boundConsts {
		if _, ok := singles[n]; !ok && n != setParam {
			if singles == nil {
				singles = make(map[int]string)
			}
			singles[n] = v
		}
	}
	return singles, set, setParam
}

// constVar reads an expression that names an exported package variable
// of another package of the module whose value is a constant (see
// effects.ConstVar), where SSA does not reach it (a map literal's value).
func (b *builder) constVar(e ast.Expr) []sqltext.Constant {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return nil
	}
	v, ok := b.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	s, ok := b.effects.ConstVar(v)
	if !ok {
		return nil
	}
	return []sqltext.Constant{{Value: s}}
}

// noteStateConsts records the Go constants that name the values bound
// to $n (see Call.stateConsts).
func (c *Call) noteStateConsts(n int, vals []sqltext.Constant) {
	for _, v := range vals {
		if v.Obj != nil {
			if c.stateConsts == nil {
				c.stateConsts = map[int]map[string]*types.Const{}
			}
			if c.stateConsts[n] == nil {
				c.stateConsts[n] = map[string]*types.Const{}
			}
			c.stateConsts[n][v.Value] = v.Obj
		}
	}
}

// mergeViews keeps, of the views of one statement, one per role: a rule
// sees every role the statement plays, and no finding twice.
func (b *builder) mergeViews() {
	dropped := map[*Statement]*Statement{} // a dropped view -> the view kept in its place
	for _, c := range b.model.Calls {
		var kept []*Statement
		for _, st := range c.Stmts {
			if st.origin == nil {
				kept = append(kept, st)
				continue
			}
			var same *Statement
			other := false
			for _, k := range kept {
				if k.origin == st.origin {
					other = true
					if k.Role == st.Role {
						same = k
					}
				}
			}
			if same != nil && len(same.Polls) == 0 && len(st.Polls) > 0 {
				// A claim by key in one branch, by a poll in the other:
				// the view that polls is the one the poll's rules judge.
				st.BoundAt = append(st.BoundAt, same.BoundAt...)
				st.mergeGiven(same)
				kept[slices.Index(kept, same)] = st
				dropped[same] = st
				continue
			}
			if same != nil {
				same.BoundAt = append(same.BoundAt, st.BoundAt...)
				same.mergeGiven(st)
			}
			if same != nil || other && st.Role == RoleNone {
				dropped[st] = same
				continue
			}
			kept = append(kept, st)
		}
		c.Stmts = kept
	}
	if len(dropped) == 0 {
		return
	}
	for _, qt := range b.model.Tables {
		var kept []*Statement
		for _, st := range qt.Statements {
			if _, ok := dropped[st]; !ok {
				kept = append(kept, st)
			}
		}
		qt.Statements = kept
		for _, st := range kept {
			if k, ok := dropped[st.Step]; ok {
				st.Step = keptFor(dropped, k)
			}
			if k, ok := dropped[st.PolledBy]; ok {
				st.PolledBy = keptFor(dropped, k)
			}
		}
	}
}

// keptFor follows a dropped view's replacement to the view kept in the
// end: a view kept for a role may itself give way to one that polls.
func keptFor(dropped map[*Statement]*Statement, st *Statement) *Statement {
	for st != nil {
		next, ok := dropped[st]
		if !ok {
			return st
		}
		st = next
	}
	return nil
}

// GoDDL is the package fact listing the DDL that the package, or a package
// it depends on, runs from Go and that names tables by placeholders
// (CREATE TABLE %s ... with the name from a Go value), so that a package
// that polls such a table sees its columns and indexes.
type GoDDL struct {
	Sources []DDLSource // in file and offset order
}

// A DDLSource is resolved DDL and where its text starts in a Go file.
type DDLSource struct {
	File   string
	Offset int
	SQL    string
}

func (*GoDDL) AFact() {}

func (g *GoDDL) String() string {
	var parts []string
	for _, s := range g.Sources {
		parts = append(parts, sqltext.Display(s.SQL))
	}
	return fmt.Sprintf("goddl(%s)", strings.Join(parts, "; "))
}

var (
	ddlStatement = regexp.MustCompile(`(?i)\b(create|alter)\s+((unique\s+)?index|table)\b`)
	createsTable = regexp.MustCompile(`(?i)\bcreate\s+table\b`)
)

// findGoDDL collects the DDL with placeholders that the package's calls
// run, and that of its dependencies, into the model's schema; it exports
// them all for the packages that import this one.
func (b *builder) findGoDDL() {
	var all []DDLSource
	for _, imp := range b.pass.Pkg.Imports() {
		var g GoDDL
		if b.pass.ImportPackageFact(imp, &g) {
			all = append(all, g.Sources...)
		}
	}
	for _, c := range b.model.Calls {
		if !c.Known || !c.ddl.IsValid() || !ddlStatement.MatchString(c.SQL) {
			continue
		}
		tf := b.pass.Fset.File(c.ddl)
		if tf == nil {
			continue
		}
		all = append(all, DDLSource{File: tf.Name(), Offset: tf.Offset(c.ddl), SQL: c.SQL})
	}
	if len(all) == 0 {
		return
	}
	// Which Go code runs first is not known: tables are created before
	// indexes and columns are added to them, each in file and offset order.
	sort.Slice(all, func(i, j int) bool {
		if ci, cj := createsTable.MatchString(all[i].SQL), createsTable.MatchString(all[j].SQL); ci != cj {
			return ci
		}
		if all[i].File != all[j].File {
			return all[i].File < all[j].File
		}
		if all[i].Offset != all[j].Offset {
			return all[i].Offset < all[j].Offset
		}
		return all[i].SQL < all[j].SQL
	})
	var uniq []DDLSource
	for i, s := range all {
		if i == 0 || s != all[i-1] {
			uniq = append(uniq, s)
		}
	}
	for _, s := range uniq {
		content, err := os.ReadFile(s.File)
		if err != nil {
			continue
		}
		b.model.goDDL = append(b.model.goDDL, sqlcheck.GoString(s.File, content, s.Offset, s.SQL, false))
	}
	b.pass.ExportPackageFact(&GoDDL{Sources: uniq})
}

// extend adds to the module's schema the tables that DDL run from Go
// creates under placeholder names. A migration's table is never replaced.
func extend(base *sqlcheck.Schema, ddl []*sqlcheck.Source) *sqlcheck.Schema {
	ext := sqlcheck.Replay(ddl)
	out := &sqlcheck.Schema{Tables: make(map[string]*sqlcheck.Table)}
	if base != nil {
		out.Problems = base.Problems
		for name, t := range base.Tables {
			out.Tables[name] = t
		}
	}
	for name, t := range ext.Tables {
		if _, ok := out.Tables[name]; !ok {
			out.Tables[name] = t
		}
	}
	return out
}
