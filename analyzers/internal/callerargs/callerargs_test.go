package callerargs

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The shop module: a store whose exported methods bind states their
// callers choose, a service that forwards one, a worker and an operator's
// API that call them.
const shop = "testdata/shop"

func TestTuples(t *testing.T) {
	ix := Of(shop, "")
	for _, tc := range []struct {
		name      string
		arity     int
		positions []int
		want      [][]string
		ok        bool
	}{
		// The worker's local (two constants under a branch) through the
		// service's forwarding method, and the API's conversion.
		{"SetStatus", 3, []int{2}, [][]string{{"done"}, {"failed"}, {"queued"}}, true},
		// One tuple per call: the states move together; a value no
		// constant gives is Unknown in that call's tuple.
		{"Move", 4, []int{2, 3}, [][]string{{Unknown, "queued"}, {"queued", "running"}, {"running", "done"}}, true},
		{"Move", 4, []int{3}, [][]string{{"done"}, {"queued"}, {"running"}}, true},
		{"Move", 4, []int{2}, [][]string{{Unknown}, {"queued"}, {"running"}}, true},
		// A call's result is not a constant: nothing is known.
		{"Note", 3, []int{2}, nil, false},
		// limit is never bound to SQL.
		{"Count", 2, []int{1}, nil, false},
		// The id is bound, but no caller gives it a constant.
		{"SetStatus", 3, []int{1}, nil, false},
		// Another arity is another binder.
		{"SetStatus", 2, []int{1}, nil, false},
	} {
		got, ok := ix.Tuples(tc.name, tc.arity, tc.positions)
		sortTuples(got)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Tuples(%s/%d, %v) = %q, %v; want %q, %v", tc.name, tc.arity, tc.positions, got, ok, tc.want, tc.ok)
		}
	}
}

// The spread module: calls that spread a slice, give a variadic binder
// more or fewer arguments than its arity, or pass another call's results.
func TestSpreadsAndVariadics(t *testing.T) {
	ix := Of("testdata/spread", "")
	for _, tc := range []struct {
		name      string
		arity     int
		positions []int
		want      [][]string
		ok        bool
	}{
		// The audit log's SetStatus(ctx, id, labels...) may be the
		// store's: what it gives is unknown, not left out.
		{"SetStatus", 3, []int{2}, [][]string{{Unknown}, {"done"}}, true},
		// A variadic binder called with no, one and a spread variadic
		// argument, and through a forwarding method that gives it two.
		{"Transition", 4, []int{2}, [][]string{{"done"}, {"failed"}, {"queued"}, {"running"}}, true},
		// f(g()) gives every parameter a result of g: unknown.
		{"Finish", 3, []int{2}, [][]string{{Unknown}, {"done"}}, true},
		// A variadic function of the same name and arity called with no
		// variadic argument gives the binder's last parameter nothing.
		{"Record", 3, []int{2}, [][]string{{Unknown}, {"done"}}, true},
	} {
		got, ok := ix.Tuples(tc.name, tc.arity, tc.positions)
		sortTuples(got)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Tuples(%s/%d, %v) = %q, %v; want %q, %v", tc.name, tc.arity, tc.positions, got, ok, tc.want, tc.ok)
		}
	}
}

func sortTuples(ts [][]string) {
	for i := range ts {
		for j := i + 1; j < len(ts); j++ {
			if strings.Join(ts[j], "\x00") < strings.Join(ts[i], "\x00") {
				ts[i], ts[j] = ts[j], ts[i]
			}
		}
	}
}

// A caller edited in a package the store does not import changes the
// key; an edit that changes no call's constants does not.
func TestKey(t *testing.T) {
	key := func(edit func(dir string)) []byte {
		dir := t.TempDir()
		copyDir(t, shop, dir)
		if edit != nil {
			edit(dir)
		}
		var b bytes.Buffer
		Key(&b, dir)
		return b.Bytes()
	}
	replace := func(file, old, new string) func(string) {
		return func(dir string) {
			p := filepath.Join(dir, file)
			content, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(content, []byte(old)) {
				t.Fatalf("%s holds no %q", file, old)
			}
			if err := os.WriteFile(p, bytes.Replace(content, []byte(old), []byte(new), 1), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	base := key(nil)
	if len(base) == 0 {
		t.Fatal("empty key")
	}
	if got := key(replace("worker/worker.go", "status = st.StatusFailed", "status = st.StatusQueued")); bytes.Equal(got, base) {
		t.Error("a caller's constant changed, the key did not")
	}
	if got := key(replace("api/api.go", `store.Status("queued")`, `store.Status(pick())`)); bytes.Equal(got, base) {
		t.Error("a caller's constant became unknown, the key did not change")
	}
	if got := key(replace("worker/worker.go", "func describe", "// describe says nothing.\nfunc describe")); !bytes.Equal(got, base) {
		t.Error("a comment changed the key")
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		content, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), content, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The wrappers module: states bound through nullable wrappers, in a
// parameter struct's field or as a parameter.
func TestNullableWrappers(t *testing.T) {
	ix := Of("testdata/wrappers", "")
	for _, tc := range []struct {
		name      string
		arity     int
		positions []Pos
		want      [][]string
		ok        bool
	}{
		// pgtype.Text{String: status, Valid: true}, status a local of
		// two constants.
		{"UpdateOutboxEvent", 2, []Pos{{1, "Status"}}, [][]string{{"failed"}, {"processed"}}, true},
		// sql.NullString literals, one through a local.
		{"MarkMail", 3, []Pos{{2, ""}}, [][]string{{"failed"}, {"sent"}}, true},
		// guregu/null's constructor, imported as null.v4.
		{"SetHook", 3, []Pos{{2, ""}}, [][]string{{"delivered"}}, true},
		// A validity computed or left out may bind NULL.
		{"SetNote", 3, []Pos{{2, ""}}, nil, false},
		// Another package's Text is no wrapper.
		{"SetPage", 3, []Pos{{2, ""}}, nil, false},
	} {
		got, ok := ix.FieldTuples(tc.name, tc.arity, tc.positions)
		sortTuples(got)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("FieldTuples(%s/%d, %v) = %q, %v; want %q, %v", tc.name, tc.arity, tc.positions, got, ok, tc.want, tc.ok)
		}
	}
}

// The sqlcstyle module: sqlc's parameter structs, set by a literal, and
// an iota enum a switch maps to the database's strings.
func TestFieldsAndMappings(t *testing.T) {
	const sqlcstyle = "testdata/sqlcstyle"
	ix := Of(sqlcstyle, "")
	for _, tc := range []struct {
		name      string
		arity     int
		positions []Pos
		want      [][]string
		ok        bool
	}{
		// The worker's iota constants through Move's toDB; the API's
		// constant through a pointer to a literal; Touch's field set
		// after its literal is unknown.
		{"UpdateStatus", 2, []Pos{{1, "Status"}}, [][]string{{Unknown}, {"done"}, {"failed"}, {"queued"}}, true},
		// A query sqlc prepares runs through its q.exec.
		{"SetStage", 2, []Pos{{1, "Stage"}}, [][]string{{"built"}}, true},
		// A literal by position, and one that leaves the field out.
		{"SetNote", 2, []Pos{{1, "Note"}}, nil, false},
		// A field the binder never selects.
		{"UpdateStatus", 2, []Pos{{1, "Kind"}}, nil, false},
		// The struct as a whole is no constant.
		{"UpdateStatus", 2, []Pos{{1, ""}}, nil, false},
	} {
		got, ok := ix.FieldTuples(tc.name, tc.arity, tc.positions)
		sortTuples(got)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("FieldTuples(%s/%d, %v) = %q, %v; want %q, %v", tc.name, tc.arity, tc.positions, got, ok, tc.want, tc.ok)
		}
	}

	// A state toDB has no case for: what Move binds is unknown.
	dir := t.TempDir()
	copyDir(t, sqlcstyle, dir)
	p := filepath.Join(dir, "worker", "worker.go")
	content, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	content = bytes.Replace(content, []byte("store.StatusDone"), []byte("store.StatusArchived"), 1)
	if err := os.WriteFile(p, content, 0o644); err != nil {
		t.Fatal(err)
	}
	got, ok := Of(dir, "").FieldTuples("UpdateStatus", 2, []Pos{{1, "Status"}})
	sortTuples(got)
	if want := [][]string{{Unknown}, {"failed"}}; !ok || !reflect.DeepEqual(got, want) {
		t.Errorf("with StatusArchived: FieldTuples = %q, %v; want %q, true", got, ok, want)
	}
}

// The hops module: the worker's states reach sqlc's Params struct through
// an unexported helper of the worker (a typed constant converted there)
// and one of the store; a function of the same name and arity in another
// package is not taken for the worker's helper.
func TestUnexportedHops(t *testing.T) {
	ix := Of("testdata/hops", "")
	for _, tc := range []struct {
		name      string
		arity     int
		positions []Pos
		want      [][]string
		ok        bool
	}{
		{"UpdateJobStatus", 2, []Pos{{1, "Status"}}, [][]string{{"done"}, {"failed"}, {"running"}, {"skipped"}}, true},
		// The store's exported method, and its helper, each by the
		// name the index gives it.
		{"UpdateCrawlJobStatus", 4, []Pos{{2, ""}}, [][]string{{"done"}, {"failed"}, {"running"}}, true},
		{Name("example.com/hops/store", "setStatus"), 4, []Pos{{2, ""}}, [][]string{{"done"}, {"failed"}, {"running"}, {"skipped"}}, true},
		{Name("example.com/hops/worker", "finish"), 4, []Pos{{2, ""}}, [][]string{{"done"}, {"failed"}}, true},
		// An unexported function is asked of by its package's path.
		{"setStatus", 4, []Pos{{2, ""}}, nil, false},
		// The error message: one call gives err.Error(), and what
		// a forwarded parameter is given is then not known at all.
		{"UpdateJobStatus", 2, []Pos{{1, "Error"}}, nil, false},
	} {
		got, ok := ix.FieldTuples(tc.name, tc.arity, tc.positions)
		sortTuples(got)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("FieldTuples(%s/%d, %v) = %q, %v; want %q, %v", tc.name, tc.arity, tc.positions, got, ok, tc.want, tc.ok)
		}
	}
}

// Note is called from the worker's package alone; SetStatus from three;
// Count is no binder, and nothing is known of its calls.
func TestCalledOnlyFrom(t *testing.T) {
	ix := Of(shop, "")
	for _, tc := range []struct {
		name  string
		arity int
		pkg   string
		want  bool
	}{
		{"Note", 3, "example.com/shop/worker", true},
		{"Note", 3, "example.com/shop/store", false},
		{"Note", 2, "example.com/shop/worker", false},
		{"SetStatus", 3, "example.com/shop/worker", false},
		{"Count", 2, "example.com/shop/worker", false},
	} {
		if got := ix.CalledOnlyFrom(tc.name, tc.arity, tc.pkg); got != tc.want {
			t.Errorf("CalledOnlyFrom(%s/%d, %s) = %v, want %v", tc.name, tc.arity, tc.pkg, got, tc.want)
		}
	}
}

// The ormshop module: GORM's builder calls bind the states a store's
// methods are given, in a package one of whose files imports GORM; a
// method named like one of them in a package that imports no ORM binds
// nothing.
func TestORMBuilderCallsBind(t *testing.T) {
	ix := Of("testdata/ormshop", "")
	for _, tc := range []struct {
		name      string
		arity     int
		positions []int
		want      [][]string
		ok        bool
	}{
		{"SetStatus", 3, []int{2}, [][]string{{"done"}, {"running"}}, true},
		{"CountIn", 2, []int{1}, [][]string{{"running"}}, true},
		{"Mark", 2, []int{1}, nil, false},
	} {
		got, ok := ix.Tuples(tc.name, tc.arity, tc.positions)
		sortTuples(got)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Tuples(%s/%d, %v) = %q, %v; want %q, %v", tc.name, tc.arity, tc.positions, got, ok, tc.want, tc.ok)
		}
	}
}

// The literals module: tasks made by keyed composite literals in two
// packages, with a state constant of the models package, a literal that
// leaves the state out, and another type with a field of the same name.
const literals = "testdata/literals"

func TestLiteralField(t *testing.T) {
	ix := Of(literals, "")
	for _, tc := range []struct {
		typ, field string
		want       []string
		ok         bool
	}{
		{"Task", "Status", []string{"held", "pending"}, true},
		{"Note", "Status", []string{"draft"}, true},
		// The kind is a parameter in all but one literal.
		{"Task", "Kind", nil, false},
		// No literal sets ID.
		{"Task", "ID", nil, false},
	} {
		got, ok := ix.LiteralField("example.com/literals/models", tc.typ, tc.field)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("LiteralField(%s.%s) = %q, %v; want %q, %v", tc.typ, tc.field, got, ok, tc.want, tc.ok)
		}
	}
}

// What the literals say is part of the key: a literal's state that
// changes, or becomes unknown, changes it.
func TestLiteralKey(t *testing.T) {
	key := func(file, old, new string) []byte {
		dir := t.TempDir()
		copyDir(t, literals, dir)
		if file != "" {
			p := filepath.Join(dir, file)
			content, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(content, []byte(old)) {
				t.Fatalf("%s holds no %q", file, old)
			}
			if err := os.WriteFile(p, bytes.Replace(content, []byte(old), []byte(new), 1), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var b bytes.Buffer
		Key(&b, dir)
		return b.Bytes()
	}
	base := key("", "", "")
	if got := key("admin/admin.go", "Status: models.StatusHeld", "Status: models.StatusPending"); bytes.Equal(got, base) {
		t.Error("a literal's state changed, the key did not")
	}
	if got := key("admin/admin.go", "Status: models.StatusHeld", "Status: models.Status(kind)"); bytes.Equal(got, base) {
		t.Error("a literal's state became unknown, the key did not change")
	}
}
