package sqlcheck

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// holdsDDLHint must answer as ddlHint.Match does, on any file.
func TestHoldsDDLHintAgreesWithTheRegexp(t *testing.T) {
	check := func(name, s string) {
		t.Helper()
		if got, want := holdsDDLHint([]byte(s)), ddlHint.MatchString(s); got != want {
			t.Errorf("%s: holdsDDLHint = %v, ddlHint matches: %v\n%q", name, got, want, s)
		}
	}
	for _, s := range []string{
		"", "create", "create table", "CREATE TABLE jobs", "Create\tTable", "create\n\n  table",
		"create unique index", "CREATE UNIQUE\tINDEX", "create or replace function", "create or  replace\nTRIGGER",
		"create or replace table", "create unique table", "create  unique  unique index", "create or index",
		"alter table", "ALTER INDEX", "drop procedure", "drop function", "drop trigger",
		"createtable", "create tables", "create table_x", "create table1", "xcreate table", "_create table",
		"1create table", "é create table", "écreate table", "\xffcreate table", "create table\xff",
		"create tableé", "create\u00a0table", "create\vtable", "create\ftable", "create\rtable",
		"c.CreateTable(ctx)", "// CreateIndex creates the index", "q := `CREATE INDEX CONCURRENTLY x`",
		"drop drop table", "alteralter table", "alter alter table", "create create", "crEaTe TaBlE",
		"create ta\u212Ale", "ſelect", "create uniqueindex", "create unique\nindex", "create or\treplace\tprocedure",
		strings.Repeat("create ", 1000) + "table",
	} {
		check("case", s)
	}

	// Random texts of the pieces a match is made of, and of near misses.
	pieces := []string{"create", "CREATE", "Create", "alter", "ALTER", "drop", "Drop", "unique", "UNIQUE", "or", "OR",
		"replace", "table", "TABLE", "tables", "index", "INDEX", "function", "procedure", "trigger", "Trigger",
		" ", "  ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "_", "x", "1", ".", "(", "é", "\xff", "\u212A", "ſ", "`", "\""}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var b strings.Builder
		for range 1 + r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		check("random", b.String())
	}

	// Every Go and SQL file of this repository.
	files := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".sql") {
			return nil
		}
		content, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		check(path, string(content))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 1000 {
		t.Errorf("read %d files of the repository, want its Go and SQL files", files)
	}
}

// The search by bytes holds only while no first word folds outside ASCII.
func TestDDLFirstWordsFoldOnlyToASCII(t *testing.T) {
	for _, w := range ddlFirstWords {
		for _, r := range w {
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				if f > unicode.MaxASCII {
					t.Errorf("%q: %q folds to %U, which holdsDDLHint does not look for", w, r, f)
				}
			}
		}
	}
}
