package sqlcheck

import (
	"regexp"
	"strings"
)

// Schema templates: migrations that a Go program fills in before running
// them, with fmt verbs (CREATE TABLE %s.jobs, as dbos-transact-golang's
// embedded migrations do), text/template actions (CREATE TABLE
// {{.Schema}}.jobs), markers a strings.Replacer swaps (CREATE TABLE
// @schema@.@table@) or ${name} (os.Expand, and Flyway's placeholders). Such text is not SQL until the program runs it; each
// placeholder becomes a quoted identifier spelling the template text
// ("%s".jobs, "{{.Schema}}".jobs), so the statement parses and its tables
// are named as the reader sees them in the file. A placeholder never stands
// for a name of another file: "{{.Schema}}".jobs is not public.jobs.

// templateMark matches one placeholder: a fmt verb that can stand for a
// name (%s, %v, %q, with an explicit argument index, %[1]s), or a
// text/template action that prints a value ({{.Schema}}, {{ $.Prefix }},
// {{- .X -}}), a name between two @ (@schema@: no operator of PostgreSQL
// is written so) or ${name}. Control actions ({{if}}, {{range}},
// {{end}}...) are not names: a statement holding one stays unparsed, and
// unreported.
var templateMark = regexp.MustCompile(`%(?:\[\d+\])?[svq]|\{\{-?\s*[.$][^{}]*?-?\}\}|@[A-Za-z_][A-Za-z0-9_]*@|\$\{[A-Za-z_][A-Za-z0-9_.]*\}`)

// markAt matches a placeholder at the start of a text.
var markAt = regexp.MustCompile(`^(?:` + templateMark.String() + `)`)

// markLen returns the length of the placeholder that starts s, or 0.
func markLen(s string) int {
	if s == "" || !strings.ContainsRune("%{@$", rune(s[0])) {
		return 0
	}
	if loc := markAt.FindStringIndex(s); loc != nil {
		return loc[1]
	}
	return 0
}

// templateAny matches any template text, placeholders and control actions.
var templateAny = regexp.MustCompile(`%(?:\[\d+\])?[svqd]|\{\{[^{}]*\}\}|@[A-Za-z_][A-Za-z0-9_]*@|\$\{[A-Za-z_][A-Za-z0-9_.]*\}`)

// An edit is one placeholder replaced in a Source's text: at is its offset
// in the file's text, old and new its lengths before and after.
type edit struct{ at, old, new int }

// detemplate returns sql with each placeholder outside strings, quoted
// identifiers and comments turned into a quoted identifier, together with
// the identifier characters around it (%s_jobs becomes "%s_jobs", folded
// to lower case as PostgreSQL folds unquoted names), and the edits made,
// in order. In a text with fmt placeholders, %% stands for %.
//
// With psqlVars (a .sql file), psql's variables are placeholders too:
// :name, :'name' and :"name" (CREATE TABLE :GRAPHILE_WORKER_SCHEMA.jobs),
// which psql, or a Go program replacing them as psql would, fills in.
func detemplate(sql string, psqlVars bool) (string, []edit) {
	if !templateMark.MatchString(sql) && !(psqlVars && psqlVar.MatchString(sql)) {
		return sql, nil
	}
	fmtVerbs := regexp.MustCompile(`%(?:\[\d+\])?[svq]`).MatchString(sql)
	var (
		out   strings.Builder
		edits []edit
		last  int // end of the text copied to out
	)
	for i := 0; i < len(sql); {
		c := sql[i]
		switch {
		case c == '-' && strings.HasPrefix(sql[i:], "--"):
			i = skipLine(sql, i)
		case c == '/' && strings.HasPrefix(sql[i:], "/*"):
			i = skipBlockComment(sql, i)
		case c == '\'' || c == '"':
			i = skipQuoted(sql, i, c, false)
		case fmtVerbs && c == '%' && strings.HasPrefix(sql[i:], "%%"):
			out.WriteString(sql[last:i])
			out.WriteString("% ") // the same length: offsets do not move
			i += 2
			last = i
		default:
			n := markLen(sql[i:])
			if psqlVars && n == 0 {
				n = psqlVarLen(sql, i)
			}
			if n == 0 {
				i++
				continue
			}
			start, end := i, i+n
			for start > last && isIdent(sql[start-1]) {
				start--
			}
			for end < len(sql) {
				if isIdent(sql[end]) {
					end++
				} else if m := markLen(sql[end:]); m > 0 {
					end += m
				} else {
					break
				}
			}
			name := quoteIdent(foldOutsideMarks(sql[start:end]))
			out.WriteString(sql[last:start])
			out.WriteString(name)
			edits = append(edits, edit{at: start, old: end - start, new: len(name)})
			i, last = end, end
		}
	}
	out.WriteString(sql[last:])
	return out.String(), edits
}

// psqlVar matches a psql variable: a colon and a name, bare or quoted.
var psqlVar = regexp.MustCompile(`:(?:[A-Za-z_][A-Za-z0-9_]*|'[A-Za-z_][A-Za-z0-9_]*'|"[A-Za-z_][A-Za-z0-9_]*")`)

// psqlVarLen returns the length of the psql variable that starts at
// sql[i], or 0. A colon after a name, a digit, a bracket or another colon
// is not one: x::json casts, arr[lo:hi] slices.
func psqlVarLen(sql string, i int) int {
	if sql[i] != ':' || i > 0 && (isIdent(sql[i-1]) || sql[i-1] == ':' || sql[i-1] == ']') {
		return 0
	}
	if loc := psqlVar.FindStringIndex(sql[i:]); loc != nil && loc[0] == 0 {
		return loc[1]
	}
	return 0
}

// foldOutsideMarks lower-cases the characters of an identifier that are
// not template text, as PostgreSQL folds an unquoted name.
func foldOutsideMarks(s string) string {
	var b strings.Builder
	prev := 0
	for _, m := range templateMark.FindAllStringIndex(s, -1) {
		b.WriteString(strings.ToLower(s[prev:m[0]]))
		b.WriteString(s[m[0]:m[1]])
		prev = m[1]
	}
	b.WriteString(strings.ToLower(s[prev:]))
	return b.String()
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// fileOffset maps an offset in a text with edits applied back to the
// original text: an offset inside a placeholder maps to its start.
func fileOffset(edits []edit, off int) int {
	delta := 0
	for _, e := range edits {
		start := e.at + delta
		if off < start {
			break
		}
		if off < start+e.new {
			return e.at
		}
		delta += e.new - e.old
	}
	return off - delta
}

// IsTemplate reports whether a statement's text holds template text
// (placeholders or control actions): it is not SQL until a program fills it
// in, so parse errors in it are not the migration's.
func IsTemplate(text string) bool { return templateAny.MatchString(text) }
