package sqlcheck

import (
	"strings"
	"testing"

	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/jobqlint/jobqlint/internal/fuzzseed"
)

// fixtureSQL seeds the fuzz targets with the SQL of every fixture.
func fixtureSQL(f *testing.F) {
	for _, s := range fuzzseed.SQL("testdata", "../testdata", "../analyzers") {
		f.Add(s)
	}
}

// FuzzReplay replays arbitrary text as a migration, and as DDL in a Go raw
// string, and checks that every position it gives points into the file and
// that every type it would edit is the text written there.
func FuzzReplay(f *testing.F) {
	fixtureSQL(f)
	f.Fuzz(func(t *testing.T, sql string) {
		checkParse(t, sql)
		checkSchema(t, Replay([]*Source{SQLFile("m.sql", []byte(sql))}), []byte(sql))

		if strings.ContainsAny(sql, "`\r\x00") {
			return
		}
		file := []byte("package m\n\nconst ddl = `" + sql + "`\n")
		checkSchema(t, Replay(goSources("m.go", file)), file)
	})
}

func checkParse(t *testing.T, sql string) {
	raws, errs := Parse(sql)
	for _, r := range raws {
		if r.Node == nil || r.Base < 0 || r.Start < r.Base || r.Start > len(sql) || r.Base+len(r.Text) > len(sql) || sql[r.Base:r.Base+len(r.Text)] != r.Text {
			t.Fatalf("statement out of the text: base %d start %d len %d, text %d bytes", r.Base, r.Start, len(r.Text), len(sql))
		}
	}
	for _, e := range errs {
		if e.Offset < 0 || e.Offset > len(sql) {
			t.Fatalf("parse error at %d, text has %d bytes: %s", e.Offset, len(sql), e.Msg)
		}
		if e.Msg == "" || strings.Contains(e.Msg, "\n") {
			t.Fatalf("parse error message %q: want one non-empty line", e.Msg)
		}
	}
}

func checkSchema(t *testing.T, s *Schema, file []byte) {
	checkLoc := func(what string, l Loc) {
		if l.Offset < 0 || l.Offset > len(file) || l.Line < 1 || l.Col < 1 {
			t.Fatalf("%s at %+v, file has %d bytes", what, l, len(file))
		}
	}
	for _, p := range s.Problems {
		checkLoc("problem "+p.Msg, p.Loc)
	}
	for name, tab := range s.Tables {
		if tab.Name != name {
			t.Fatalf("table %q filed under %q", tab.Name, name)
		}
		checkLoc("table "+name, tab.Loc)
		for _, c := range tab.Columns {
			if !c.Type.Exact {
				continue
			}
			// -fix replaces Text at Loc: it must be what the file holds.
			off := c.Type.Loc.Offset
			if off+len(c.Type.Text) > len(file) || string(file[off:off+len(c.Type.Text)]) != c.Type.Text {
				t.Fatalf("column %s.%s: type %q is not at offset %d of the file", name, c.Name, c.Type.Text, off)
			}
		}
		for _, idx := range tab.Indexes {
			checkLoc("index "+idx.Name, idx.Loc)
		}
	}
	for name, f := range s.Functions {
		checkLoc("function "+name, f.Loc)
		for _, st := range f.Body {
			checkLoc("a statement of the body of "+name, st.Loc)
		}
	}
}

// FuzzFacts extracts the facts of every statement of arbitrary text and
// runs on them what the rules run: roles' predicates, poll shape, index
// verdicts and suggestions, against the schema the same text replays to.
// A suggested index must be SQL PostgreSQL parses.
func FuzzFacts(f *testing.F) {
	fixtureSQL(f)
	f.Fuzz(func(t *testing.T, sql string) {
		raws, _ := Parse(sql)
		schema := Replay([]*Source{SQLFile("m.sql", []byte(sql))})
		for _, raw := range raws {
			Deparse(raw.Node)
			st := Facts(raw)
			if st == nil {
				continue
			}
			st.Walk(func(s *Stmt) {
				s.Assigns("status")
				StateFilters(s)
				for _, p := range s.Where {
					for _, v := range p.Values {
						_ = v.Text
					}
				}
				if !IsPollShape(s) {
					return
				}
				tab := schema.Table(s.Table)
				if tab == nil {
					return
				}
				tab.PollIndex(s)
				idx := SuggestPollIndex(tab, s)
				if _, err := pg.Parse(idx); err != nil {
					t.Fatalf("suggested index %q does not parse: %v", idx, err)
				}
			})
		}
		for _, tab := range schema.Tables {
			for _, c := range tab.Columns {
				if c.Type.IsTimestampWithoutZone() {
					c.Type.Timestamptz()
				}
			}
		}
	})
}
