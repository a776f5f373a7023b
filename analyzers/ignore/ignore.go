// Package ignore reads jobqlint's suppression directives:
//
//	//jobqlint:ignore RULE reason          in Go
//	-- jobqlint:ignore RULE reason         in SQL
//
// A directive alone on its line applies to the next line; one that ends a
// line of code applies to that line.
//
// RULE may list several rules separated by commas. The reason is the rest
// of the line, up to a further comment marker (// in Go, -- in SQL). It is
// required: the directive rule (analyzers/directive) reports a directive
// without one, naming no rule or an unknown one; package rule reports a
// directive that suppresses nothing.
package ignore

import (
	"go/ast"
	"go/token"
	"os"
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
	Alone  bool   // the comment is alone on its line
	// Cut is the byte range [Cut[0], Cut[1]) that removing the directive
	// deletes: its whole line when it is alone, else the comment and the
	// blanks before it.
	Cut  [2]int
	Used bool // it suppressed a finding
}

// Target is the line the directive applies to: the next one when the
// comment is alone on its line, else its own.
func (d *Directive) Target() int {
	if d.Alone {
		return d.Line + 1
	}
	return d.Line
}

// Covers reports whether the directive applies to a finding of rule on line.
func (d *Directive) Covers(rule string, line int) bool {
	return line == d.Target() && d.Names(rule)
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
	reason := m[2]
	for _, marker := range []string{"//", "--"} {
		if i := strings.Index(reason, marker); i >= 0 {
			reason = reason[:i]
		}
	}
	d := &Directive{File: file, Line: line, Offset: offset, Pos: pos, Reason: strings.TrimSpace(reason)}
	d.Text = strings.TrimSpace("jobqlint:ignore " + m[1])
	if d.Reason != "" {
		d.Text += " " + d.Reason
	}
	for _, r := range strings.Split(m[1], ",") {
		if r = strings.TrimSpace(r); r != "" {
			d.Rules = append(d.Rules, r)
		}
	}
	return d
}

// InGoFile returns the directives in the comments of a parsed Go file.
func InGoFile(fset *token.FileSet, f *ast.File, abs string) []*Directive {
	content, _ := os.ReadFile(abs)
	var out []*Directive
	for _, g := range f.Comments {
		for _, c := range g.List {
			if m := goDirective.FindStringSubmatch(c.Text); m != nil {
				p := fset.Position(c.Pos())
				d := newDirective(abs, p.Line, p.Offset, c.Pos(), m)
				if end := fset.Position(c.End()).Offset; end <= len(content) {
					d.Alone = onlySpaceBefore(content[:p.Offset])
					d.Cut = cut(content, p.Offset, end, d.Alone)
				}
				out = append(out, d)
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
		full := line
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
			d := newDirective(abs, i+1, start+at+loc[0], token.NoPos, m)
			d.Alone = strings.TrimSpace(full[:at+loc[0]]) == ""
			d.Cut = cut(content, d.Offset, start+len(strings.TrimRight(full, " \t")), d.Alone)
			out = append(out, d)
		}
	}
	return out
}

// onlySpaceBefore reports whether the last line of b is blank.
func onlySpaceBefore(b []byte) bool {
	for i := len(b) - 1; i >= 0 && b[i] != '\n'; i-- {
		if b[i] != ' ' && b[i] != '\t' {
			return false
		}
	}
	return true
}

// cut returns the bytes to delete to remove a comment at [from, to): its
// whole line (with the line break) when it is alone there, else the comment
// and the blanks before it.
func cut(content []byte, from, to int, alone bool) [2]int {
	if alone {
		for from > 0 && content[from-1] != '\n' {
			from--
		}
		for to < len(content) && content[to] != '\n' {
			to++
		}
		if to < len(content) {
			to++
		}
		return [2]int{from, to}
	}
	for from > 0 && (content[from-1] == ' ' || content[from-1] == '\t') {
		from--
	}
	return [2]int{from, to}
}

// spaced matches a Go comment written like a directive with a space after
// the slashes. Go's directives (//go:build, //nolint, //jobqlint:ignore)
// have none; with one, the comment is prose and suppresses nothing.
var spaced = regexp.MustCompile(`^//[ \t]+jobqlint:ignore\b`)

// Spaced returns the comments of a Go file that read like a directive
// but have a space after the slashes ("// jobqlint:ignore claimrace ...").
func Spaced(f *ast.File) []*ast.Comment {
	var out []*ast.Comment
	for _, g := range f.Comments {
		for _, c := range g.List {
			if spaced.MatchString(c.Text) {
				out = append(out, c)
			}
		}
	}
	return out
}
