package sqlcheck

import (
	"bufio"
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// A NamedQuery is one query of a named-query file: a block of SQL that a
// line `-- name: NAME` introduces, as goyesql and dotsql load them (and as
// sqlc writes its queries). Go code runs it by its name.
type NamedQuery struct {
	Name string
	SQL  string // the text the library hands to the database
	File string
	Line int // of the name line
}

// A QueryStyle is the library whose rules a named-query file is read by:
// they differ in what they keep of a block.
type QueryStyle int

const (
	// Goyesql (knadh/goyesql, nleof/goyesql): comment lines are dropped,
	// the query's lines are joined with a space, and any `-- key: value`
	// line is a tag; a name given twice, a tag before the first name or a
	// line of SQL before it make the whole file fail to load.
	Goyesql QueryStyle = iota
	// Dotsql (qustavo/dotsql): lines before the first name are ignored,
	// the query's lines are trimmed and joined with a newline, comments
	// kept; a name given twice continues its query.
	Dotsql
)

func (s QueryStyle) String() string { return [...]string{"goyesql", "dotsql"}[s] }

var (
	// goyesql's tag line, `-- tag: value`, read on the line trimmed of
	// spaces; the first group is greedy, as goyesql's is.
	goyesqlTag     = regexp.MustCompile(`^\s*--\s*(.+)\s*:\s*(.+)`)
	goyesqlComment = regexp.MustCompile(`^\s*--`)
	// dotsql's name line, read on the line as it is.
	dotsqlName = regexp.MustCompile(`^\s*--\s*name:\s*(\S+)`)
)

// ParseNamedQueries reads the queries of a named-query file by a
// library's rules. An error is a file the library refuses to load.
func ParseNamedQueries(file string, content []byte, style QueryStyle) ([]NamedQuery, error) {
	if style == Dotsql {
		return parseDotsql(file, content), nil
	}
	return parseGoyesql(file, content)
}

func lines(content []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(content))
	sc.Buffer(nil, len(content)+1)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

func parseGoyesql(file string, content []byte) ([]NamedQuery, error) {
	var (
		out   []NamedQuery
		index = map[string]int{}
		tags  = map[string]bool{} // of the current query
		cur   = -1
	)
	for i, line := range lines(content) {
		line = strings.Trim(line, " ")
		switch m := goyesqlTag.FindStringSubmatch(line); {
		case line == "":
		case m != nil && m[1] == "name":
			if _, dup := index[m[2]]; dup {
				return nil, fmt.Errorf("%s:%d: query %q is named twice", file, i+1, m[2])
			}
			index[m[2]] = len(out)
			cur = len(out)
			tags = map[string]bool{}
			out = append(out, NamedQuery{Name: m[2], File: file, Line: i + 1})
		case m != nil:
			if cur < 0 {
				return nil, fmt.Errorf("%s:%d: a tag before the first name", file, i+1)
			}
			if tags[m[1]] {
				return nil, fmt.Errorf("%s:%d: tag %q given twice", file, i+1, m[1])
			}
			tags[m[1]] = true
		case goyesqlComment.MatchString(line):
		default:
			if cur < 0 {
				return nil, fmt.Errorf("%s:%d: SQL before the first name", file, i+1)
			}
			if out[cur].SQL != "" {
				out[cur].SQL += " "
			}
			out[cur].SQL += line
		}
	}
	for _, q := range out {
		if q.SQL == "" {
			return nil, fmt.Errorf("%s:%d: query %q has no SQL", file, q.Line, q.Name)
		}
	}
	return out, nil
}

func parseDotsql(file string, content []byte) []NamedQuery {
	var (
		out   []NamedQuery
		index = map[string]int{}
		cur   = -1
	)
	for i, line := range lines(content) {
		if m := dotsqlName.FindStringSubmatch(line); m != nil {
			j, ok := index[m[1]]
			if !ok {
				j = len(out)
				index[m[1]] = j
				out = append(out, NamedQuery{Name: m[1], File: file, Line: i + 1})
			}
			cur = j
			continue
		}
		line = strings.Trim(line, " \t")
		if cur < 0 || line == "" {
			continue
		}
		if out[cur].SQL != "" {
			out[cur].SQL += "\n"
		}
		out[cur].SQL += line
	}
	return out
}

// namedQueryFile reports whether a .sql file is a named-query file: it
// has a `-- name:` line, and no line of SQL comes before the first one.
// Such a file holds queries that Go code runs by name, not schema.
func namedQueryFile(content []byte) bool {
	for _, line := range lines(content) {
		switch line = strings.TrimSpace(line); {
		case dotsqlName.MatchString(line):
			return true
		case line == "", strings.HasPrefix(line, "--"):
		default:
			return false
		}
	}
	return false
}

// NamedQueries returns the queries of the module's named-query files, read
// by a library's rules, by name; a name in several files has a query for
// each. Files the library refuses to load are returned as problems.
func (m *ModuleFiles) NamedQueries(style QueryStyle) (map[string][]NamedQuery, []string) {
	out := map[string][]NamedQuery{}
	var bad []string
	for _, f := range m.Files {
		if !strings.HasSuffix(filepath.Base(f.Path), ".sql") || !namedQueryFile(f.Content) {
			continue
		}
		qs, err := ParseNamedQueries(f.Path, f.Content, style)
		if err != nil {
			bad = append(bad, err.Error())
			continue
		}
		for _, q := range qs {
			out[q.Name] = append(out[q.Name], q)
		}
	}
	return out, bad
}
