package ignore

import (
	"go/parser"
	"go/token"
	"testing"
)

func TestInText(t *testing.T) {
	sql := "CREATE TABLE jobs (\n  -- jobqlint:ignore timestamptz all sessions are UTC\n  run_at timestamp, -- jobqlint:ignore timestamptz,pollindex  why -- want \"x\"\n  b int -- jobqlint:ignore\n);\n"
	ds := InText("/m/1.sql", []byte(sql))
	if len(ds) != 3 {
		t.Fatalf("got %d directives", len(ds))
	}
	a, b, c := ds[0], ds[1], ds[2]
	if !a.Alone || a.Target() != 3 || a.Reason != "all sessions are UTC" || !a.Covers("timestamptz", 3) || a.Covers("timestamptz", 2) {
		t.Errorf("alone directive: %+v", a)
	}
	if got := sql[a.Cut[0]:a.Cut[1]]; got != "  -- jobqlint:ignore timestamptz all sessions are UTC\n" {
		t.Errorf("alone cut %q", got)
	}
	if b.Alone || b.Target() != 3 || b.Reason != "why" || !b.Names("pollindex") || !b.Names("timestamptz") || b.Names("lease") {
		t.Errorf("trailing directive: %+v", b)
	}
	if got := sql[b.Cut[0]:b.Cut[1]]; got != ` -- jobqlint:ignore timestamptz,pollindex  why -- want "x"` {
		t.Errorf("trailing cut %q", got)
	}
	if len(c.Rules) != 0 || c.Reason != "" {
		t.Errorf("empty directive: %+v", c)
	}
}

func TestInGoFile(t *testing.T) {
	src := "package p\n\n//jobqlint:ignore claimrace one worker\nvar x = 1 //jobqlint:ignore lease\n\n// jobqlint:ignore claimrace is prose, not a directive\nvar y = 2\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "/m/p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	ds := InGoFile(fset, f, "/nonexistent/p.go") // the file cannot be read: no Alone, no Cut
	if len(ds) != 2 || ds[0].Reason != "one worker" || ds[1].Reason != "" || ds[1].Line != 4 {
		t.Fatalf("directives: %+v", ds)
	}
	// With the file's content: the first stands alone, the second ends a line.
	ds = InText("/m/p.go", []byte(src))
	if len(ds) != 2 || !ds[0].Alone || ds[0].Target() != 4 || ds[1].Alone || ds[1].Target() != 4 {
		t.Fatalf("directives: %+v %+v", ds[0], ds[1])
	}
	if got := src[ds[1].Cut[0]:ds[1].Cut[1]]; got != " //jobqlint:ignore lease" {
		t.Errorf("cut %q", got)
	}
}
