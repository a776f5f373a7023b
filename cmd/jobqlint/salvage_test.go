package main

import (
	"go/ast"
	"go/token"
	"os"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestTypedAcceptsTypedCode: on code that type-checks (pgx, with generics,
// struct tags, type switches, labels, builtins of unsafe), salvage's scan
// finds every declaration typed, so it leaves out no function that has no
// error.
func TestTypedAcceptsTypedCode(t *testing.T) {
	if testing.Short() && os.Getenv("CI") != "true" {
		t.Skip("-short: loads pgx from source")
	}
	cfg := &packages.Config{Mode: packages.LoadSyntax, Dir: "../../testdata/seedpr"}
	pkgs, err := packages.Load(cfg, "github.com/jackc/pgx/v5/...", "slices", "maps", "reflect", "internal/abi")
	if err != nil {
		t.Fatal(err)
	}
	decls := 0
	for _, p := range pkgs {
		if p.IllTyped {
			t.Fatalf("%s: %v", p.ID, p.Errors)
		}
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
					continue
				}
				decls++
				if !typed(p.TypesInfo, d) {
					t.Errorf("%s: declaration read as untyped", p.Fset.Position(d.Pos()))
				}
			}
		}
	}
	if decls < 1000 {
		t.Fatalf("%d declarations scanned, want the thousands of pgx", decls)
	}
}
