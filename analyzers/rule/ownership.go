package rule

import (
	"path/filepath"
	"slices"

	"github.com/jobqlint/jobqlint/analyzers/ignore"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// ownership is the part of the schema whose findings this package reports:
// the lines that declare the queue tables it reports the schema of (see
// queuemodel.Model.ReportsSchemaOf), and their columns. Every rule that
// reports in the schema reports there, so a directive next to such a line
// that suppressed nothing in this package suppresses nothing anywhere.
type ownership struct {
	lines map[string]map[int]bool // absolute file -> lines
}

func (s *session) schemaOwnership() *ownership {
	o := &ownership{lines: map[string]map[int]bool{}}
	m := s.model
	if m == nil || !m.ReportsAnySchema() {
		return o // no queue of its own here: the schema is not loaded, nothing is owned
	}
	schema := m.Schema()
	if schema == nil || m.SchemaErr() != nil {
		return o
	}
	for _, qt := range m.QueueTables() {
		t := schema.Table(qt.Name)
		if t == nil || !m.ReportsSchemaOf(qt) {
			continue
		}
		o.add(t.Loc)
		for _, c := range t.Columns {
			o.add(c.Type.Loc)
		}
	}
	return o
}

func (o *ownership) add(loc sqlcheck.Loc) {
	if loc.File == "" || loc.Line == 0 {
		return
	}
	abs, err := filepath.Abs(loc.File)
	if err != nil {
		return
	}
	if o.lines[abs] == nil {
		o.lines[abs] = map[int]bool{}
	}
	o.lines[abs][loc.Line] = true
}

// covers reports whether a directive applies to an owned line.
func (o *ownership) covers(d *ignore.Directive) bool {
	return o.lines[d.File][d.Target()]
}

// files returns the files that hold owned lines.
func (o *ownership) files() []string {
	var out []string
	for f := range o.lines {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}
