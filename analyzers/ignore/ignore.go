// Package ignore reads jobqlint's suppression directives:
//
//	//jobqlint:ignore RULE reason          in Go, on the finding's line or the line above
//	-- jobqlint:ignore RULE reason         in SQL, the same
//
// RULE may list several rules separated by commas. The reason is required;
// package rule reports a directive without one, and a directive that
// suppresses nothing.
package ignore

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"
)

// A Directive is one jobqlint:ignore comment.
type Directive struct {
	File   string    // absolute path
	Line   int       // 1-based line of the comment
	Offset int       // byte offset of the comment in the file
	Pos    token.Pos // the comment's position, where it is known (Go files of the package)
	Rules  []string
	Reason string
	Text   string // the directive as written, for messages
	Used   bool   // it suppressed a finding
}

// Covers reports whether the directive applies to a finding of rule on line.
func (d *Directive) Covers(rule string, line int) bool {
	return (line == d.Line || line == d.Line+1) && d.Names(rule)
}

// Names reports whether the directive names rule.
func (d *Directive) Names(rule string) bool {
	for _, r := range d.Rules {
		if r == rule {
			return true
		}
	}
	return false
}

var (
	goDirective  = regexp.MustCompile(`^//jobqlint:ignore(?:[ \t]+(\S+))?(?:[ \t]+(.*?))?[ \t]*$`)
	sqlDirective = regexp.MustCompile(`--[ \t]*jobqlint:ignore(?:[ \t]+(\S+))?(?:[ \t]+(.*?))?[ \t]*$`)
)

func newDirective(file string, line, offset int, pos token.Pos, m []string) *Directive {
	d := &Directive{File: file, Line: line, Offset: offset, Pos: pos, Reason: m[2], Text: strings.TrimSpace(m[0])}
	for _, r := range strings.Split(m[1], ",") {
		if r = strings.TrimSpace(r); r != "" {
			d.Rules = append(d.Rules, r)
		}
	}
	return d
}

// InGoFile returns the directives in the comments of a parsed Go file.
func InGoFile(fset *token.FileSet, f *ast.File, abs string) []*Directive {
	var out []*Directive
	for _, g := range f.Comments {
		for _, c := range g.List {
			if m := goDirective.FindStringSubmatch(c.Text); m != nil {
				p := fset.Position(c.Pos())
				out = append(out, newDirective(abs, p.Line, p.Offset, c.Pos(), m))
			}
		}
	}
	return out
}

// InText returns the directives of a file read as lines: SQL comments in a
// .sql file, and `//jobqlint:ignore` comments in a Go file that is not
// parsed (a file of another package that holds schema SQL).
func InText(abs string, content []byte) []*Directive {
	rx := sqlDirective
	isGo := strings.HasSuffix(abs, ".go")
	var out []*Directive
	offset := 0
	for i, line := range strings.SplitAfter(string(content), "\n") {
		start := offset
		offset += len(line)
		line = strings.TrimRight(line, "\r\n")
		at := 0
		if isGo {
			at = strings.Index(line, "//jobqlint:ignore")
			if at < 0 {
				continue
			}
			line, rx = line[at:], goDirective
		}
		if loc := rx.FindStringSubmatchIndex(line); loc != nil {
			m := rx.FindStringSubmatch(line)
			out = append(out, newDirective(abs, i+1, start+at+loc[0], token.NoPos, m))
		}
	}
	return out
}
