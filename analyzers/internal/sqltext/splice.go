package sqltext

import (
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"regexp"
	"slices"
	"strconv"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// sprintf resolves fmt.Sprintf with a constant format whose verbs are %s,
// %v, %d and %%.
func (r *Resolver) sprintf(call *ast.CallExpr, f frame) ([]piece, error) {
	var format string
	pos := literalPos(r.info, call.Args[0])
	if tv := r.info.Types[call.Args[0]]; tv.Value != nil && tv.Value.Kind() == constant.String {
		format = constant.StringVal(tv.Value)
	} else {
		// A format passed to a helper (tableSQL(q, `SELECT ... FROM %s`)).
		ps, err := r.pieces(call.Args[0], f.deeper())
		if err != nil {
			return nil, unread("fmt.Sprintf with a non-constant format (" + err.Error() + ")")
		}
		for _, p := range ps {
			if p.kind != pieceText {
				return nil, unread("fmt.Sprintf with a non-constant format")
			}
			format += p.text
		}
		if len(ps) > 0 {
			pos = ps[0].pos
		}
	}
	args := call.Args[1:]
	var out []piece
	text := func(s string) {
		if s == "" {
			return
		}
		if n := len(out); n > 0 && out[n-1].kind == pieceText {
			out[n-1].text += s
			return
		}
		out = append(out, piece{text: s, pos: pos})
	}
	next, used := 0, false
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			text(string(c))
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789", format[j]) >= 0 {
			j++
		}
		flagEnd := j
		if j < len(format) && format[j] == '[' {
			// %[2]s: an explicit argument index.
			k := strings.IndexByte(format[j:], ']')
			n, err := strconv.Atoi(format[j+1 : j+max(k, 1)])
			if k < 0 || err != nil || n < 1 || j > i+1 {
				return nil, unread("fmt.Sprintf with a malformed format")
			}
			next = n - 1
			j += k + 1
			used = true
		}
		if j >= len(format) {
			return nil, unread("fmt.Sprintf with a malformed format")
		}
		verb, flags := format[j], format[i+1:flagEnd]
		i = j
		if verb == '%' {
			text("%")
			continue
		}
		if next >= len(args) {
			return nil, unread("fmt.Sprintf with too few arguments")
		}
		arg := args[next]
		next++
		switch {
		case (verb == 'd' || verb == 'v' && flags == "") && isInteger(r.info.TypeOf(arg)):
			out = append(out, piece{kind: pieceNumber, expr: arg})
		case (verb == 's' || verb == 'v') && flags == "" && isString(r.info.TypeOf(arg)):
			ps, err := r.pieces(arg, f.deeper())
			if err != nil {
				return nil, err
			}
			for _, p := range ps {
				if p.kind == pieceText {
					text(p.text)
				} else {
					out = append(out, p)
				}
			}
		default:
			return nil, unread(fmt.Sprintf("fmt.Sprintf's %%%s%c of a %s", flags, verb, r.info.TypeOf(arg)))
		}
	}
	if next != len(args) && !used {
		return nil, unread("fmt.Sprintf with extra arguments")
	}
	return out, nil
}

// spliceBase is the first number given to spliced parameters, past any
// parameter a statement's own arguments could take.
const spliceBase = 1000

// assemble joins the pieces into SQL text. Placeholders are quoted as the
// text around them needs, and numbers become bind parameters; a text with
// either must then parse, with each placeholder in a name's position.
func assemble(ps []piece) (Text, error) {
	t := Text{Known: true}
	holes := false
	for _, p := range ps {
		if p.kind != pieceText {
			holes = true
		} else if t.Pos == 0 && p.pos.IsValid() {
			t.Pos = p.pos
		}
	}
	if !holes {
		var b strings.Builder
		for _, p := range ps {
			b.WriteString(p.text)
		}
		t.SQL = b.String()
		return t, nil
	}
	next := spliceBase + 1
	for _, p := range ps {
		if p.kind == pieceText {
			for _, m := range paramRE.FindAllStringSubmatch(p.text, -1) {
				if n, err := strconv.Atoi(m[1]); err == nil && n >= next {
					next = n + 1
				}
			}
		}
	}
	var (
		out   []byte
		lex   lexer
		names []string
		why   string // the first placeholder's Go value
	)
	for i := 0; i < len(ps); i++ {
		p := ps[i]
		if p.kind == pieceText {
			out = append(out, p.text...)
			lex.feed(p.text)
			continue
		}
		// The identifier characters the text puts right before and after
		// the piece: jobs_%s, %s_idx.
		before := identTail(out)
		after := ""
		if i+1 < len(ps) && ps[i+1].kind == pieceText {
			after = identHead(ps[i+1].text)
		} else if i+1 < len(ps) && lex.state == lexNormal {
			return Text{}, unread("two Go values spliced side by side")
		}
		if why == "" {
			why = p.why
		}
		var add string
		switch p.kind {
		case pieceNumber:
			if lex.state == lexNormal && before == "" && after == "" && paramSign(out) {
				// "$%d": the number is a parameter's position, counted
				// at run time. It is a parameter of its own, bound to
				// no argument this reading can name.
				add = strconv.Itoa(next)
				next++
				break
			}
			if before != "" || after != "" || lex.state == lexDouble {
				return Text{}, unread("a number spliced into a name")
			}
			add = "$" + strconv.Itoa(next)
			if t.Spliced == nil {
				t.Spliced = make(map[int]ast.Expr)
			}
			t.Spliced[next] = p.expr
			next++
		case pieceIdent:
			switch lex.state {
			case lexNormal:
				out = out[:len(out)-len(before)]
				if after != "" {
					ps[i+1].text = ps[i+1].text[len(after):]
					if ps[i+1].text == "" && i+2 < len(ps) && ps[i+2].kind != pieceText {
						return Text{}, unread("a name built from several Go values")
					}
				}
				add = `"` + strings.ToLower(before) + p.text + strings.ToLower(after) + `"`
			case lexDouble:
				add = p.text
				names = append(names, p.text)
			case lexComment, lexLine:
				add = p.text // in a comment: nothing to check
			default:
				return Text{}, unread("a Go value spliced into a string literal")
			}
			if lex.state == lexNormal {
				names = append(names, p.text)
			}
		case pieceQuoted:
			if lex.state != lexNormal || before != "" || after != "" {
				return Text{}, unread("a quoted identifier spliced into a name")
			}
			add = `"` + p.text + `"`
			names = append(names, p.text)
		}
		out = append(out, add...)
		lex.feed(add)
	}
	t.SQL = string(out)
	t.Placeholders = len(names) > 0
	if sql, err := checkNames(t.SQL, names); err != nil {
		var np notParsed
		if why != "" && errors.As(err, &np) && !slices.ContainsFunc(names, func(n string) bool { return strings.Contains(np.msg, n) }) {
			// The text around the Go value does not parse with it as a
			// name, and the parser stops away from it: that, not the
			// value, is what the reader should see (GORM's IN ? sent to a
			// driver that passes it on unchanged).
			return Text{}, unread(fmt.Sprintf("the SQL does not parse as PostgreSQL with the Go value (%s) as a name: %s", why, np.msg))
		}
		if why != "" {
			// The SQL does not read with the Go value as a name: the value
			// is what stays unknown.
			return Text{}, unread(why)
		}
		return Text{}, err
	} else {
		t.SQL = sql
	}
	return t, nil
}

var (
	paramRE    = regexp.MustCompile(`\$([0-9]+)`)
	jsonString = regexp.MustCompile(`"([A-Za-z_]+)":"((?:[^"\\]|\\.)*)"`)
	// qualifiers matches the fields of a column reference before its last
	// one (schema and relation, in public.jobs.id and jobs.*).
	qualifiers = regexp.MustCompile(`"ColumnRef":\{"fields":\[((?:\{"String":\{"sval":"(?:[^"\\]|\\.)*"\}\},)+)\{`)
)

// nameKeys are the fields of pg_query's parse tree that hold the name of a
// relation, a schema, an index or a constraint.
var nameKeys = map[string]bool{
	"relname": true, "schemaname": true, "idxname": true, "conname": true, "indexname": true, "newname": true,
}

// checkNames parses the text and makes sure every placeholder sits where
// the text makes it a name: a Go value spliced as a column, a value or a
// keyword stays unread.
func checkNames(sql string, names []string) (string, error) {
	tree, err := pg.ParseToJSON(sql)
	why := ""
	if err != nil {
		why = err.Error()
		// SQL written with ? parameters (sqlx.Rebind) reads with them as $n.
		if q, ok := Positional(sql); ok {
			if tree, err = pg.ParseToJSON(q); err == nil {
				sql = q
			} else {
				// GORM's IN ? is no PostgreSQL even so.
				why += "; with its ? as $n: " + err.Error()
			}
		}
	}
	if err != nil {
		// SQL written with sqlx's :name parameters (NamedExec) is checked
		// with them as $n, and kept as written: its reader binds them by
		// name.
		if q, names := Named(sql); len(names) > 0 {
			tree, err = pg.ParseToJSON(q)
		}
		if err != nil {
			return "", notParsed{why}
		}
	}
	for _, name := range names {
		total := strings.Count(tree, name)
		named := 0
		for _, m := range jsonString.FindAllStringSubmatch(tree, -1) {
			if strings.Contains(m[2], name) && nameKeys[m[1]] {
				named += strings.Count(m[2], name)
			}
		}
		// A qualifier of a column names a relation too: {t}.id.
		for _, m := range qualifiers.FindAllStringSubmatch(tree, -1) {
			named += strings.Count(m[1], name)
		}
		if named == 0 || named != total {
			return "", unread("a Go value spliced where SQL expects no name")
		}
	}
	return sql, nil
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// paramSign reports whether the text ends with a $ that starts a bind
// parameter: one that is not part of a name (col$).
func paramSign(b []byte) bool {
	n := len(b)
	return n > 0 && b[n-1] == '$' && (n == 1 || !isIdentByte(b[n-2]) && b[n-2] != '$')
}

func identTail(b []byte) string {
	i := len(b)
	for i > 0 && isIdentByte(b[i-1]) {
		i--
	}
	return string(b[i:])
}

func identHead(s string) string {
	i := 0
	for i < len(s) && (isIdentByte(s[i]) || s[i] == '$') {
		i++
	}
	return s[:i]
}

// A lexer follows what the SQL text written so far is inside of.
type lexer struct {
	state int
	depth int    // nesting of block comments
	tag   string // the dollar-quote tag
	prev  byte
}

const (
	lexNormal = iota
	lexSingle
	lexDouble
	lexComment // -- or /* */
	lexLine
	lexDollar
)

func (l *lexer) feed(s string) { l.scan(s, nil) }

// normalBytes reports, for each byte of s, whether it is outside strings,
// quoted names and comments.
func normalBytes(s string) []bool {
	out := make([]bool, len(s))
	var l lexer
	l.scan(s, func(i int, state int) { out[i] = state == lexNormal })
	return out
}

// scan follows s, telling visit the state before each byte it looks at.
func (l *lexer) scan(s string, visit func(i, state int)) {
	for i := 0; i < len(s); i++ {
		if visit != nil {
			visit(i, l.state)
		}
		c := s[i]
		switch l.state {
		case lexNormal:
			switch {
			case c == '\'':
				l.state = lexSingle
			case c == '"':
				l.state = lexDouble
			case c == '-' && l.prev == '-':
				l.state, c = lexLine, 0
			case c == '*' && l.prev == '/':
				l.state, l.depth, c = lexComment, 1, 0
			case c == '$' && !isIdentByte(l.prev):
				if j := strings.IndexByte(s[i+1:], '$'); j >= 0 && validTag(s[i+1:i+1+j]) {
					l.state, l.tag = lexDollar, s[i:i+2+j]
					i += 1 + j
					c = '$'
				}
			}
		case lexSingle:
			if c == '\'' {
				l.state = lexNormal // '' reopens at once: the same text either way
			}
		case lexDouble:
			if c == '"' {
				l.state = lexNormal
			}
		case lexLine:
			if c == '\n' {
				l.state = lexNormal
			}
		case lexComment:
			switch {
			case c == '*' && l.prev == '/':
				l.depth++
				c = 0
			case c == '/' && l.prev == '*':
				l.depth--
				c = 0
				if l.depth == 0 {
					l.state = lexNormal
				}
			}
		case lexDollar:
			if strings.HasPrefix(s[i:], l.tag) {
				i += len(l.tag) - 1
				l.state, c = lexNormal, ' '
			}
		}
		l.prev = c
	}
}

func validTag(tag string) bool {
	for i := 0; i < len(tag); i++ {
		if !isIdentByte(tag[i]) || i == 0 && tag[i] >= '0' && tag[i] <= '9' {
			return false
		}
	}
	return true
}

// notParsed is checkNames's error for SQL that does not parse with its Go
// values as names.
type notParsed struct{ msg string }

func (e notParsed) Error() string { return "SQL with Go values spliced in does not parse" }
