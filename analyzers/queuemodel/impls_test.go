package queuemodel

import (
	"strings"
	"testing"
)

// A method listed both by the fact of the package that declares it
// (opaque: it calls another module's client) and from its exported type
// by an importer (which has no body to look at) stays opaque, whichever
// entry comes first.
func TestCompactImplsKeepsOpaque(t *testing.T) {
	fromFact := Impl{Pkg: "q", Iface: "Store", Method: "Dequeue", TypePkg: "doc", Type: "Store", Opaque: true}
	fromType := fromFact
	fromType.Opaque = false
	other := Impl{Pkg: "q", Iface: "Store", Method: "Dequeue", TypePkg: "pg", Type: "Store"}
	for _, list := range [][]Impl{{fromFact, other, fromType}, {fromType, other, fromFact}} {
		got := compactImpls(list)
		if len(got) != 2 || got[0].TypePkg != "doc" || !got[0].Opaque || got[1].TypePkg != "pg" || got[1].Opaque {
			t.Errorf("compactImpls = %+v, want doc.Store opaque and pg.Store not", got)
		}
	}
}

// An importer merges its own list with each import's: the result is
// sorted and compact, an entry in both keeps the importer's half and takes
// the import's word that the method is opaque, in memory or not on
// PostgreSQL.
func TestMergeImplsKeepsTheFirstListsEntry(t *testing.T) {
	own := &Half{Table: "jobs"}
	mine := []Impl{
		{Pkg: "q", Iface: "Store", Method: "Dequeue", TypePkg: "pg", Type: "Store", Half: own},
		{Pkg: "q", Iface: "Store", Method: "Done", TypePkg: "pg", Type: "Store"},
	}
	theirs := []Impl{
		{Pkg: "q", Iface: "Store", Method: "Ack", TypePkg: "pg", Type: "Store"},
		{Pkg: "q", Iface: "Store", Method: "Dequeue", TypePkg: "pg", Type: "Store", Half: &Half{Table: "other"}, Opaque: true, InMemory: true, NotPostgres: "a test double"},
		{Pkg: "q", Iface: "Store", Method: "Dequeue", TypePkg: "zz", Type: "Store"},
	}
	got := mergeImpls(mine, theirs)
	var names []string
	for _, im := range got {
		names = append(names, im.Method+"/"+im.TypePkg)
	}
	if want := "Ack/pg Dequeue/pg Dequeue/zz Done/pg"; strings.Join(names, " ") != want {
		t.Fatalf("mergeImpls = %s, want %s", strings.Join(names, " "), want)
	}
	if d := got[1]; d.Half != own || !d.Opaque || !d.InMemory || d.NotPostgres != "a test double" {
		t.Errorf("merged Dequeue = %+v, want the first list's half with the second's flags", d)
	}
}
