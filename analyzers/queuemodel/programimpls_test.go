package queuemodel

import "testing"

// The names that say a type is a test double or another engine's, and
// names that only look alike.
func TestNotPostgresNames(t *testing.T) {
	for name, want := range map[string]bool{
		"FakeStore": true, "fakeStore": true, "Mock": true, "MockQuerier": true, "StubRepo": true,
		"NoopStore": false, "NopNotifier": false, "DummyDB": true, "SpyStore": true, "Fake_Store": true,
		"Fakery": false, "Stubborn": false, "Mockingbird": false, "Spyglass": false, "Store": false, "PgStore": false,
	} {
		if got := doubleName(name); got != want {
			t.Errorf("doubleName(%q) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{
		"mocks": true, "mock": true, "mock_store": true, "storemocks": true, "fakes": true, "testutil": true,
		"storetest": true, "pgtesting": true, "stubs": true,
		"latest": false, "test": false, "memstore": false, "store": false, "postgres": false,
	} {
		if got := doublePackage(name); got != want {
			t.Errorf("doublePackage(%q) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{
		"MysqlDatabase": true, "db-sqlite": true, "store_mysql": true, "sqlserver": true, "ClickHouseStore": true,
		"PsqlDatabase": false, "PriceOracleStore": false, "postgres": false, "Store": false,
	} {
		if got := otherEngine(name); got != want {
			t.Errorf("otherEngine(%q) = %v, want %v", name, got, want)
		}
	}
	for el, want := range map[string]bool{"db-psql": true, "postgres": true, "pgx": true, "v5": false, "pq": true, "pgxpool": true, "db-mysql": false, "page": false} {
		if got := namesPostgres(el); got != want {
			t.Errorf("namesPostgres(%q) = %v, want %v", el, got, want)
		}
	}
}

// programImpls keeps every implementation when none is the PostgreSQL
// program's, and otherwise only those.
func TestProgramImpls(t *testing.T) {
	pg := Impl{Type: "Store"}
	fake := Impl{Type: "FakeStore", NotPostgres: "a test double"}
	if got := programImpls([]Impl{fake, pg}); len(got) != 1 || got[0].Type != "Store" {
		t.Errorf("programImpls(fake, pg) = %+v, want pg", got)
	}
	if got := programImpls([]Impl{fake}); len(got) != 1 || got[0].Type != "FakeStore" {
		t.Errorf("programImpls(fake) = %+v, want fake", got)
	}
}
