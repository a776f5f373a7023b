package sqlcheck

import (
	"encoding/json"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// doBlockDDL returns the statements of a DO block (in PL/pgSQL) that leave
// their effect on the schema whenever the block runs to its end, each as a
// RawStmt placed where it is written, so that the replay applies them as
// if they stood alone in the file:
//
//   - a statement of the block's own body, or of a nested block without
//     exception handlers;
//   - a statement of a block whose handlers catch only "already exists"
//     errors (EXCEPTION WHEN duplicate_object THEN NULL): either it ran, or
//     what it creates was there;
//   - a statement under IF [NOT] EXISTS (SELECT ... FROM <catalog>): the
//     guard of a migration written to run twice, which tests only whether
//     the object is there (what it creates is there after the block, the
//     IF taken or not).
//
// Anything else (a branch on the data, a loop, EXECUTE of built text) is
// left out: whether it ran is not known.
func doBlockDDL(raw RawStmt, do *pg.DoStmt) []RawStmt {
	// A body in another language (DO LANGUAGE plpython3u) does not compile
	// as PL/pgSQL.
	body := ""
	for _, a := range do.GetArgs() {
		if d := a.GetDefElem(); d.GetDefname() == "as" {
			body = d.GetArg().GetString_().GetSval()
		}
	}
	const quote = "$jobqlint_do$"
	if body == "" || strings.Contains(body, quote) {
		return nil
	}
	bodyAt := locateBody(raw.Text, body, 0)
	if bodyAt < 0 {
		return nil
	}
	out, err := pg.ParsePlPgSqlToJSON("CREATE FUNCTION jobqlint_do() RETURNS void LANGUAGE plpgsql AS " + quote + body + quote)
	if err != nil {
		return nil
	}
	var fns []struct {
		Function map[string]any `json:"PLpgSQL_function"`
	}
	if err := json.Unmarshal([]byte(out), &fns); err != nil || len(fns) != 1 {
		return nil
	}
	d := doReader{raw: raw, body: body, bodyAt: bodyAt}
	d.stmts(fns[0].Function["action"])
	return d.out
}

type doReader struct {
	raw    RawStmt
	body   string
	bodyAt int // offset of body in raw.Text
	out    []RawStmt
}

func (d *doReader) stmts(v any) {
	if l, ok := v.([]any); ok {
		for _, s := range l {
			d.stmts(s)
		}
		return
	}
	for kind, s := range obj(v) {
		s := obj(s)
		switch kind {
		case "PLpgSQL_stmt_block":
			for _, e := range list(obj(obj(s["exceptions"])["PLpgSQL_exception_block"])["exc_list"]) {
				if !onlyAlreadyExists(obj(obj(e)["PLpgSQL_exception"])["conditions"]) {
					return
				}
			}
			d.stmts(s["body"])
		case "PLpgSQL_stmt_if":
			if testsCatalog(exprText(s["cond"])) {
				d.stmts(s["then_body"])
			}
		case "PLpgSQL_stmt_execsql":
			line, _ := s["lineno"].(float64)
			d.add(exprText(s["sqlstmt"]), int(line))
		}
	}
}

// add parses one statement of the body, found from the start of its line.
func (d *doReader) add(text string, line int) {
	from := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(d.body[from:], '\n')
		if i < 0 {
			return
		}
		from += i + 1
	}
	i := strings.Index(d.body[from:], text)
	if text == "" || i < 0 {
		return
	}
	at := d.raw.Base + d.bodyAt + from + i
	parseEach(text, func(r RawStmt) {
		d.out = append(d.out, RawStmt{Node: r.Node, Base: at + r.Base, Start: at + r.Start, Text: r.Text})
	}, func(*ParseError) {})
}

// alreadyExists are the conditions raised by creating what is there.
var alreadyExists = map[string]bool{
	"duplicate_object": true, "duplicate_table": true, "duplicate_column": true,
	"duplicate_schema": true, "duplicate_function": true,
}

func onlyAlreadyExists(conds any) bool {
	l := list(conds)
	for _, c := range l {
		name, _ := obj(obj(c)["PLpgSQL_condition"])["condname"].(string)
		if !alreadyExists[name] {
			return false
		}
	}
	return len(l) > 0
}

// testsCatalog reports whether an IF condition is [NOT] EXISTS (SELECT ...)
// over catalog relations only (information_schema, pg_catalog, pg_*).
func testsCatalog(cond string) bool {
	tree, err := pg.Parse("SELECT " + cond)
	if err != nil || len(tree.GetStmts()) != 1 {
		return false
	}
	targets := tree.GetStmts()[0].GetStmt().GetSelectStmt().GetTargetList()
	if len(targets) != 1 {
		return false
	}
	e := targets[0].GetResTarget().GetVal()
	if b := e.GetBoolExpr(); b != nil && b.GetBoolop() == pg.BoolExprType_NOT_EXPR && len(b.GetArgs()) == 1 {
		e = b.GetArgs()[0]
	}
	link := e.GetSubLink()
	if link.GetSubLinkType() != pg.SubLinkType_EXISTS_SUBLINK {
		return false
	}
	j, err := pg.ParseToJSON("SELECT " + cond)
	if err != nil {
		return false
	}
	var v any
	if json.Unmarshal([]byte(j), &v) != nil {
		return false
	}
	found, all := false, true
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if k == "RangeVar" {
					rv := obj(x)
					schema, _ := rv["schemaname"].(string)
					name, _ := rv["relname"].(string)
					found = true
					all = all && (schema == "information_schema" || schema == "pg_catalog" || schema == "" && strings.HasPrefix(name, "pg_"))
				}
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	return found && all
}
