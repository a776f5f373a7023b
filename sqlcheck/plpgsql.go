package sqlcheck

import (
	"encoding/json"
	"regexp"
	"slices"
	"sort"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// plpgsqlBody reads the SQL statements of a PL/pgSQL function. pg_query
// compiles the body as PostgreSQL does (without a catalog) and hands over
// each statement's SQL as text, with its line in the body; that text is
// parsed like any other. raw is the CREATE statement, body the function's
// source and bodyAt its offset in raw.Text (-1 when unknown). It returns
// why the body is not read, when it is not.
func plpgsqlBody(src *Source, raw RawStmt, body string, bodyAt int, vars map[string]int, fnName string) ([]*BodyStmt, string) {
	// ParsePlPgSqlToJSON compiles every CREATE FUNCTION of the text it is
	// given, and aborts the process on one without a string body (BEGIN
	// ATOMIC): it is only ever given this one statement, which has one.
	out, err := pg.ParsePlPgSqlToJSON(raw.Text)
	if err != nil {
		// Compiling without a catalog fails on sound code too (a field of
		// a composite-typed variable): not a finding, only unread.
		return nil, "pg_query cannot compile its PL/pgSQL body (" + tidyMessage(err.Error()) + ")"
	}
	var fns []struct {
		Function map[string]any `json:"PLpgSQL_function"`
	}
	if err := json.Unmarshal([]byte(out), &fns); err != nil || len(fns) != 1 {
		return nil, "pg_query's reading of its PL/pgSQL body is not understood"
	}
	p := &plReader{src: src, body: body, vars: map[string]int{}, records: map[string]bool{}, fnName: fnName}
	if bodyAt >= 0 {
		p.at = raw.Base + bodyAt
	} else {
		p.at = -1
	}
	for k, v := range vars {
		p.vars[k] = v
	}
	p.declare(fns[0].Function["datums"])
	p.stmts(fns[0].Function["action"], nil)
	if p.dynamic {
		return nil, "it runs dynamic SQL (EXECUTE)"
	}
	p.checkResults()
	return p.out, ""
}

// plReader walks pg_query's JSON form of a PL/pgSQL function.
type plReader struct {
	src     *Source
	body    string
	at      int // offset of body in src.SQL; -1 when unknown
	vars    map[string]int
	records map[string]bool
	fnName  string

	out     []*BodyStmt
	checks  []int // indexes in out of statements whose outcome a later test reads
	dynamic bool
	entered bool // the function's own block is being read
	depth   int  // how deep in branches, loops, blocks and handlers inside it
	arms    []armOf
	next    int // the last IF or CASE numbered
	loops   int // how many loops the statements being read are in
}

// declare numbers the body's variables after the parameters, in the order
// pg_query lists them.
func (p *plReader) declare(datums any) {
	list, _ := datums.([]any)
	next := 0
	for _, v := range p.vars {
		next = max(next, v)
	}
	for _, d := range list {
		for _, kind := range []string{"PLpgSQL_var", "PLpgSQL_rec", "PLpgSQL_row"} {
			m, ok := obj(d)[kind]
			if !ok {
				continue
			}
			name, _ := obj(m)["refname"].(string)
			name = strings.ToLower(name)
			switch name {
			case "", "(unnamed row)", "found", "sqlstate", "sqlerrm":
				continue
			}
			p.records[name] = true
			if _, known := p.vars[name]; !known {
				next++
				p.vars[name] = next
			}
		}
	}
}

func obj(v any) map[string]any { m, _ := v.(map[string]any); return m }

func list(v any) []any { l, _ := v.([]any); return l }

// exprText returns the SQL of a PLpgSQL_expr.
func exprText(v any) string {
	s, _ := obj(obj(v)["PLpgSQL_expr"])["query"].(string)
	return s
}

var foundTest = regexp.MustCompile(`(?i)\bFOUND\b`)

// stmts reads a list of PL/pgSQL statements (or one), under the given
// branch conditions.
func (p *plReader) stmts(v any, conds []string) {
	if l, ok := v.([]any); ok {
		for _, s := range l {
			p.stmts(s, conds)
		}
		return
	}
	for _, kind := range sortedKeys(obj(v)) {
		s := obj(obj(v)[kind])
		line := 0
		if f, ok := s["lineno"].(float64); ok {
			line = int(f)
		}
		switch kind {
		case "PLpgSQL_stmt_block":
			// The statements of a block run in order, unless an exception
			// handler may take over half way and go on after the block:
			// except in the function's own block (which PL/pgSQL may wrap
			// in one of its own), where nothing comes after.
			handlers := list(obj(obj(s["exceptions"])["PLpgSQL_exception_block"])["exc_list"])
			if own := !p.entered; own || len(handlers) == 0 {
				p.entered = p.entered || len(handlers) > 0 || own && !wrapper(s)
				p.stmts(s["body"], conds)
			} else {
				p.inner(s["body"], conds)
			}
			for _, e := range handlers {
				p.inner(obj(obj(e)["PLpgSQL_exception"])["action"], conds)
			}
		case "PLpgSQL_stmt_execsql":
			p.sql(exprText(s["sqlstmt"]), line, 0, conds, s["into"] == true)
		case "PLpgSQL_stmt_perform":
			// PERFORM f(x) comes as SELECT f(x), "SELECT " standing for
			// "PERFORM" (both seven characters).
			p.sql(exprText(s["expr"]), line, len("SELECT "), conds, false)
		case "PLpgSQL_stmt_return_query":
			if s["dynquery"] != nil {
				p.dynamic = true
			}
			if st := p.sql(exprText(s["query"]), line, 0, conds, false); st != nil {
				st.Result = ResultReturned
			}
		case "PLpgSQL_stmt_fors":
			p.sql(exprText(s["query"]), line, 0, conds, true)
			p.loop(s["body"], append(conds[:len(conds):len(conds)], exprText(s["query"])))
		case "PLpgSQL_stmt_assign":
			p.assign(exprText(s["expr"]), line, conds)
		case "PLpgSQL_stmt_dynexecute", "PLpgSQL_stmt_dynfors":
			p.dynamic = true
		case "PLpgSQL_stmt_open":
			if s["dynquery"] != nil {
				p.dynamic = true
			}
		case "PLpgSQL_stmt_getdiag":
			p.check("ROW_COUNT")
		case "PLpgSQL_stmt_if":
			cond := exprText(s["cond"])
			p.check(cond)
			p.next++
			id := p.next
			p.arm(id, 0, s["then_body"], with(conds, cond))
			for i, e := range list(s["elsif_list"]) {
				ei := obj(obj(e)["PLpgSQL_if_elsif"])
				p.check(exprText(ei["cond"]))
				p.arm(id, i+1, ei["stmts"], with(conds, exprText(ei["cond"])))
			}
			p.arm(id, -1, s["else_body"], with(conds, "NOT ("+cond+")"))
		case "PLpgSQL_stmt_case":
			t := exprText(s["t_expr"])
			p.next++
			id := p.next
			for i, w := range list(s["case_when_list"]) {
				cw := obj(obj(w)["PLpgSQL_case_when"])
				p.arm(id, i, cw["stmts"], with(conds, strings.TrimSpace(t+" "+exprText(cw["expr"]))))
			}
			p.arm(id, -1, s["else_stmts"], with(conds, "ELSE "+t))
		case "PLpgSQL_stmt_while":
			cond := exprText(s["cond"])
			p.check(cond)
			p.loop(s["body"], with(conds, cond))
		case "PLpgSQL_stmt_exit", "PLpgSQL_stmt_return":
			p.check(exprText(s["cond"]) + exprText(s["expr"]))
		case "PLpgSQL_stmt_loop", "PLpgSQL_stmt_fori", "PLpgSQL_stmt_foreach_a", "PLpgSQL_stmt_forc":
			p.loop(s["body"], conds)
		}
	}
}

// wrapper reports whether a block is the one PL/pgSQL puts around a
// function's own block that has exception handlers: written nowhere (no
// line), it holds that block and the RETURN it adds.
func wrapper(block map[string]any) bool {
	body := list(block["body"])
	if _, written := block["lineno"]; written || len(body) == 0 {
		return false
	}
	_, ok := obj(body[0])["PLpgSQL_stmt_block"]
	return ok
}

// inner reads statements nested in a branch, a loop, a block or an
// exception handler: they may not run.
func (p *plReader) inner(v any, conds []string) {
	p.depth++
	p.stmts(v, conds)
	p.depth--
}

// loop reads the body of a loop.
func (p *plReader) loop(v any, conds []string) {
	p.loops++
	p.inner(v, conds)
	p.loops--
}

// arm reads the statements of one arm of an IF or CASE (construct id):
// no two arms of one run on the same call.
func (p *plReader) arm(id, i int, v any, conds []string) {
	if p.loops > 0 {
		i = 0 // one iteration may take one arm, the next another
	}
	p.arms = append(p.arms, armOf{id, i})
	p.inner(v, conds)
	p.arms = p.arms[:len(p.arms)-1]
}

func with(conds []string, c string) []string { return append(conds[:len(conds):len(conds)], c) }

// check records that a test reads the outcome of the last SQL statement
// (IF NOT FOUND, GET DIAGNOSTICS n = ROW_COUNT).
func (p *plReader) check(text string) {
	if len(p.out) > 0 && (text == "ROW_COUNT" || foundTest.MatchString(text)) {
		p.checks = append(p.checks, len(p.out)-1)
	}
}

func (p *plReader) checkResults() {
	for _, i := range p.checks {
		if p.out[i].Result == ResultIgnored {
			p.out[i].Result = ResultChecked
		}
	}
}

// sql reads one SQL statement of the body, given as text by pg_query; skip
// is the length of a prefix pg_query wrote in place of the body's own
// (PERFORM). into says the statement's row is read into variables.
func (p *plReader) sql(text string, line, skip int, conds []string, into bool) *BodyStmt {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	var first *BodyStmt
	parseEach(text, func(raw RawStmt) {
		bind(raw.Node, p.vars, p.records, p.fnName, nil)
		st := bodyStmt(raw)
		if st == nil {
			return
		}
		st.Conds, st.Always, st.arms = conds, p.depth == 0, slices.Clone(p.arms)
		if into {
			st.Result = ResultChecked
		}
		if off := p.find(text, line, skip); off >= 0 {
			st.Loc = p.src.Loc(p.at + off + raw.Start)
		}
		p.out = append(p.out, st)
		if first == nil {
			first = st
		}
	}, func(*ParseError) {})
	return first
}

// assign reads v := (SELECT ...): the query on the right of an assignment.
func (p *plReader) assign(text string, line int, conds []string) {
	i := strings.Index(text, ":=")
	n := 2
	if i < 0 {
		i, n = strings.IndexByte(text, '='), 1
	}
	if i < 0 || !regexp.MustCompile(`(?i)\bselect\b`).MatchString(text[i+n:]) {
		return
	}
	rhs := "SELECT " + text[i+n:]
	parseEach(rhs, func(raw RawStmt) {
		bind(raw.Node, p.vars, p.records, p.fnName, nil)
		st := bodyStmt(raw)
		if st == nil {
			return
		}
		// The subquery on the right is the statement that reads the table.
		if len(st.Subqueries) == 1 && st.Table == "" {
			st.Stmt = st.Subqueries[0]
		}
		st.Conds, st.Result, st.Always, st.arms = conds, ResultChecked, p.depth == 0, slices.Clone(p.arms)
		if off := p.find(text, line, 0); off >= 0 {
			st.Loc = p.src.Loc(p.at + off)
		}
		p.out = append(p.out, st)
	}, func(*ParseError) {})
}

// find returns the offset in the body of the statement whose text pg_query
// gives, searching from the start of its line: the text is the body's own,
// except for what PL/pgSQL blanked out (INTO targets) and a prefix of skip
// bytes it rewrote. -1 when the body's place is unknown or the text is not
// found.
func (p *plReader) find(text string, line, skip int) int {
	if p.at < 0 || line < 1 {
		return -1
	}
	from := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(p.body[from:], '\n')
		if i < 0 {
			return -1
		}
		from += i + 1
	}
	want := strings.TrimLeft(text[skip:], " ")
	for k := from; k+len(want) <= len(p.body); k++ {
		if !matchBlanked(p.body[k:k+len(want)], want) {
			continue
		}
		if skip > 0 {
			// The statement starts at the keyword pg_query rewrote.
			if i := strings.LastIndex(strings.ToUpper(p.body[from:k]), "PERFORM"); i >= 0 {
				return from + i
			}
		}
		return k
	}
	return -1
}

// matchBlanked reports whether s is want, where a blank of want matches any byte.
func matchBlanked(s, want string) bool {
	for i := 0; i < len(want); i++ {
		if want[i] != ' ' && want[i] != s[i] {
			return false
		}
	}
	return true
}

// sortedKeys returns the keys of a map in order.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
