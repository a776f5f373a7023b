package queuemodel

import "testing"

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
