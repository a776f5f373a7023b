// Package callerargs answers, from a module's Go files, which constants the
// module's code passes to the parameters of its exported functions that
// reach a query.
//
// A store's exported method that binds a state its caller chooses
// (UpdateStatus(ctx, id, status), running SET status = $3) gets that state
// from code in other packages: the worker calls it with StatusDone. Under
// go vet a package sees its imports' facts, never its importers, so the
// values are read from the module's files, parsed but not type-checked,
// and the vet driver puts what they say into the tool's ID (Key): editing
// a caller in a package the store does not import never leaves a stale
// result.
//
// A binder is a function or method one of whose parameters is passed, as
// it is, to a call that runs SQL (Exec, Query, Get, Select and their
// variants) or to a binder's parameter that is (a service method that
// forwards its state to the store's, a worker's unexported helper that
// passes its state on to the store: see Name). Calls are matched to
// binders by name and number of arguments alone (any number from the fixed ones for
// a variadic binder): two binders of one name share their callers, which
// only widens the values; a call that cannot say what it gives a
// parameter (f(g())) gives it an unknown value rather than being left out. A call's argument is read as the
// string constants it can hold: a literal, a constant of the module (in
// the caller's package or selected from an imported package of the
// module), a conversion of one, a local variable every assignment of which
// is one of those, or the caller's own binder parameter (its callers'
// values). Anything else makes the parameter unknown, and an unknown
// parameter answers nothing.
//
// sqlc passes a query's parameters in a struct (arg.Status): a field the
// binder selects from a parameter is asked about on its own, and a call
// gives it what the keyed composite literal it passes sets it to (by
// value, by address, or through a local no other assignment touches). An
// integer constant (iota and the like) is followed too, so that a switch
// mapping one enum to the database's strings (toDB(s), v, err := toDB(s))
// can turn it into the state the query binds; an integer that reaches a
// query as it is stays unknown.
package callerargs

import (
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/mod/modfile"

	"github.com/jobqlint/jobqlint/analyzers/internal/gofiles"
)

// maxTuples bounds the combinations one binder's callers may give: more
// is not a handful of states but a value the tool does not know.
const maxTuples = 32

// A binder is known by its name (see Name) and its number of parameters
// (the receiver left out).
type binderKey struct {
	name  string
	arity int
}

// An Index holds a module's binders and the calls of their names.
type Index struct {
	binders map[binderKey]map[int]bool // the positions bound to SQL
	// byName holds the keys of the module's exported functions by name;
	// variadic those whose last parameter is variadic, which a call of
	// their name gives any number of arguments from their arity less one.
	byName   map[string][]binderKey
	variadic map[binderKey]bool
	calls    map[binderKey][]*call
	// fields holds, per binder and parameter, the fields its body
	// selects from it (arg.Status, the struct sqlc passes its
	// parameters in): a call gives each its own value.
	fields map[binderKey]map[int][]string
	// literals holds what the module's keyed composite literals set
	// each field of a struct type to (see LiteralField).
	literals map[literalField][]source
	// funcs holds the module's functions by package and name, which
	// may map a state from one type to another (see mapped).
	funcs map[string]map[string]*funcDecl
	// values memoises what a binder's parameter is given; inProgress
	// guards against binders that forward to each other.
	values     map[binderPos]vals
	inProgress map[binderPos]bool
	consts     map[string]map[string]string
	types      map[string]map[string]bool
	applying   map[*funcDecl]bool
	cycles     int // cycles met while resolving (see param)
	// mu serialises the questions: one module's index is shared by the
	// packages a standalone run analyses at once, and answering fills
	// the memo maps above.
	mu sync.Mutex
}

type binderPos struct {
	key binderKey
	slot
}

// A slot is a parameter's position, or a field of it.
type slot struct {
	pos   int
	field string
}

// A Pos names what Tuples asks about: a parameter (0-based, receiver
// left out), or one field of a struct parameter when Field is set.
type Pos struct {
	Index int
	Field string
}

// A call of a binder's name, with the sources of its arguments.
type call struct {
	args map[slot]source
	// file and lparen place the call: its file's path and the offset of
	// its opening parenthesis (see Preimage); pkg is the import path of
	// the file's package (see CalledOnlyFrom).
	file   string
	lparen int
	pkg    string
}

// A source is what one argument can be: constant values, and binder
// parameters of the calling function whose values it passes on. unknown
// says why the argument cannot be read ("" when it can).
type source struct {
	consts   []string
	forwards []binderPos
	mapped   []mapping
	unknown  string
}

// A mapping is a function's result at the values of its argument: a
// switch that turns one type's state into another's (statusToDB).
type mapping struct {
	fn  *funcDecl
	arg source
}

// A funcDecl is a function of the module, with the file it is in.
type funcDecl struct {
	fn   *ast.FuncDecl
	file *file
}

// intConst marks a value that is an integer constant, written in
// decimal: iota states a mapping turns into strings. No SQL is given one
// (see Tuples).
const intConst = "\x01"

// vals is a parameter's resolved values, or why they are unknown.
type vals struct {
	set     []string
	unknown string
}

var byRoot sync.Map // module root -> *onceIndex

type onceIndex struct {
	once sync.Once
	ix   *Index
}

// Of returns the index of the module under root, built once per process.
// importPath is the import path of root's package; "" reads it from the
// module's go.mod (outside module mode, a root is one package's
// directory).
func Of(root, importPath string) *Index {
	v, _ := byRoot.LoadOrStore(root+"\x00"+importPath, new(onceIndex))
	o := v.(*onceIndex)
	o.once.Do(func() { o.ix = build(root, importPath) })
	return o.ix
}

// Forget drops the indexes built so far: for a test that edits a
// module's files within one process.
func Forget() { byRoot.Clear() }

// Unknown stands, in a tuple, for a value a call gives that the module
// does not say (a key, a field of a struct): that parameter stays a
// parameter in the view of that call.
const Unknown = "\x00unknown"

// Tuples returns, for the binder named name with arity parameters, the
// combinations of values its callers give the parameters at positions
// (0-based, receiver left out), one tuple per combination in the order of
// positions, deduplicated; a value no constant gives is Unknown. ok is
// false when a binder of that name does not bind every one of those
// positions, when nothing calls it, when every value is unknown, or when
// the combinations are too many to be a handful of states.
func (ix *Index) Tuples(name string, arity int, positions []int) (tuples [][]string, ok bool) {
	ps := make([]Pos, len(positions))
	for i, p := range positions {
		ps[i] = Pos{Index: p}
	}
	return ix.FieldTuples(name, arity, ps)
}

// FieldTuples is Tuples for positions that may name a field of a struct
// parameter the binder selects (arg.Status): what each call's argument
// sets it to (Params{Status: "done"}).
func (ix *Index) FieldTuples(name string, arity int, positions []Pos) (tuples [][]string, ok bool) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	key := binderKey{name, arity}
	bound := ix.binders[key]
	if len(positions) == 0 || len(ix.calls[key]) == 0 {
		return nil, false
	}
	for _, p := range positions {
		if !bound[p.Index] || p.Field != "" && !slices.Contains(ix.fields[key][p.Index], p.Field) {
			return nil, false
		}
	}
	seen := map[string]bool{}
	known := false
	for _, c := range ix.calls[key] {
		combos := [][]string{nil}
		for _, p := range positions {
			v := ix.resolve(c.args[slot{p.Index, p.Field}])
			set := v.set
			if v.unknown != "" || len(set) == 0 || slices.ContainsFunc(set, isInt) {
				set = []string{Unknown}
			} else {
				known = true
			}
			var next [][]string
			for _, prefix := range combos {
				for _, s := range set {
					next = append(next, append(slices.Clone(prefix), s))
				}
			}
			if combos = next; len(combos) > maxTuples {
				return nil, false
			}
		}
		for _, t := range combos {
			k := strings.Join(t, "\x00")
			if !seen[k] {
				seen[k] = true
				tuples = append(tuples, t)
			}
		}
		if len(tuples) > maxTuples {
			return nil, false
		}
	}
	if !known {
		return nil, false
	}
	return tuples, true
}

// Preimage answers, for the call of the binder name/arity whose opening
// parenthesis is at offset in file, what makes it give the parameter or
// field at one of values: the call passes on a parameter of its own
// exported function (at most through one mapping, v, err := toDB(s)),
// and pre are the values the module's callers give that parameter which
// become one of values. ok is false when the call gives anything else
// there (a constant of its own, several parameters), when what the
// callers give is not known, or when none of it does.
func (ix *Index) Preimage(file string, offset int, name string, arity int, at Pos, values []string) (param Pos, pre []string, ok bool) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	var rec *call
	for _, c := range ix.calls[binderKey{name, arity}] {
		if c.file == filepath.Clean(file) && c.lparen == offset {
			rec = c
		}
	}
	if rec == nil {
		return Pos{}, nil, false
	}
	src, found := rec.args[slot{at.Index, at.Field}]
	var fn *funcDecl
	if found && src.unknown == "" && len(src.consts) == 0 && len(src.forwards) == 0 && len(src.mapped) == 1 {
		fn, src = src.mapped[0].fn, src.mapped[0].arg
	}
	if !found || src.unknown != "" || len(src.consts) != 0 || len(src.mapped) != 0 || len(src.forwards) != 1 {
		return Pos{}, nil, false
	}
	fw := src.forwards[0]
	domain := ix.param(fw)
	if domain.unknown != "" {
		return Pos{}, nil, false
	}
	for _, d := range domain.set {
		v := d
		if fn != nil {
			if v, ok = ix.apply(fn, d); !ok {
				return Pos{}, nil, false
			}
		}
		if slices.Contains(values, v) {
			pre = append(pre, d)
		}
	}
	return Pos{Index: fw.pos, Field: fw.field}, pre, len(pre) > 0
}

// Given returns the constants the call of the binder name/arity whose
// opening parenthesis is at offset in file gives the parameter or field at
// (its callers' values where it passes on a parameter of its own). ok is
// false when the call is not one of the binder's, or when what it gives
// there is not only constants the module names.
func (ix *Index) Given(file string, offset int, name string, arity int, at Pos) (values []string, ok bool) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	for _, c := range ix.calls[binderKey{name, arity}] {
		if c.file != filepath.Clean(file) || c.lparen != offset {
			continue
		}
		src, found := c.args[slot{at.Index, at.Field}]
		if !found {
			return nil, false
		}
		v := ix.resolve(src)
		if v.unknown != "" || len(v.set) == 0 || slices.ContainsFunc(v.set, isInt) {
			return nil, false
		}
		return slices.Clone(v.set), true
	}
	return nil, false
}

// CalledOnlyFrom reports whether the module calls the binder name/arity
// and every call of its name (by name and number of arguments, whatever
// the callee: see binderKeys) is in a file of the package at import path
// pkg, tests included. What the package's own code gives an exported
// function is then all the module gives it; a package outside the module
// may still call it, unless its path keeps it internal.
func (ix *Index) CalledOnlyFrom(name string, arity int, pkg string) bool {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	calls := ix.calls[binderKey{name, arity}]
	for _, c := range calls {
		if c.pkg != pkg {
			return false
		}
	}
	return len(calls) > 0
}

// IntConst is how an integer constant is written among the values: a
// marker, then the constant in decimal.
func IntConst(decimal string) string { return intConst + decimal }

// Key writes what the index says about the module under root, for the vet
// driver's tool ID: each binder's positions and what each call of it gives
// there.
func Key(w io.Writer, root string) {
	ix := Of(root, "")
	keys := make([]binderKey, 0, len(ix.binders))
	for k := range ix.binders {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b binderKey) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		return a.arity - b.arity
	})
	for _, k := range keys {
		positions := ix.slots(k)
		var lines []string
		for _, c := range ix.calls[k] {
			// The caller's package: CalledOnlyFrom answers from it.
			lines = append(lines, c.pkg+"\x00"+ix.callLine(c, positions))
		}
		slices.Sort(lines)
		fmt.Fprintf(w, "binder\x00%s\x00%d\x00%v\x00%s\x00", k.name, k.arity, positions, strings.Join(lines, "\x00"))
	}
	ix.literalsKey(w)
}

// callLine writes what a call gives at a binder's positions.
func (ix *Index) callLine(c *call, positions []slot) string {
	var b strings.Builder
	for _, p := range positions {
		v := ix.resolve(c.args[p])
		fmt.Fprintf(&b, "%d.%s=%q/%s;", p.pos, p.field, v.set, v.unknown)
	}
	return b.String()
}

// CallKey writes, for a cache key, what the call of the binder name/arity
// whose opening parenthesis is at offset in file gives at the binder's
// positions (as Key writes each call, with no position in the file); ""
// when it is not a call of a binder.
func (ix *Index) CallKey(file string, offset int, name string, arity int) string {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	k := binderKey{name, arity}
	for _, c := range ix.calls[k] {
		if c.file == filepath.Clean(file) && c.lparen == offset {
			return ix.callLine(c, ix.slots(k))
		}
	}
	return ""
}

// slots returns a binder's bound parameters and the fields selected
// from them, in order.
func (ix *Index) slots(k binderKey) []slot {
	var out []slot
	for p := range ix.binders[k] {
		out = append(out, slot{pos: p})
		for _, f := range ix.fields[k][p] {
			out = append(out, slot{p, f})
		}
	}
	slices.SortFunc(out, func(a, b slot) int {
		if a.pos != b.pos {
			return a.pos - b.pos
		}
		return strings.Compare(a.field, b.field)
	})
	return out
}

func isInt(v string) bool { return strings.HasPrefix(v, intConst) }

// resolve returns the values a source stands for.
func (ix *Index) resolve(s source) vals {
	if s.unknown != "" {
		return vals{unknown: s.unknown}
	}
	out := vals{set: slices.Clone(s.consts)}
	for _, f := range s.forwards {
		v := ix.param(f)
		if v.unknown != "" {
			return v
		}
		out.set = append(out.set, v.set...)
	}
	for _, m := range s.mapped {
		arg := ix.resolve(m.arg)
		if arg.unknown != "" {
			return arg
		}
		for _, a := range arg.set {
			r, ok := ix.apply(m.fn, a)
			if !ok {
				return vals{unknown: "what " + m.fn.fn.Name.Name + " maps " + strings.TrimPrefix(a, intConst) + " to"}
			}
			out.set = append(out.set, r)
		}
	}
	slices.Sort(out.set)
	out.set = slices.Compact(out.set)
	return out
}

// param returns the values every call of a binder gives one of its
// parameters. A call that passes the parameter on to a binder of the same
// name (a service's UpdateStatus calling the store's) adds nothing to it:
// the values are the least set that holds every constant reaching it. A
// result that met such a cycle is not kept, as it may lack what the
// caller still in progress adds.
func (ix *Index) param(bp binderPos) vals {
	if v, ok := ix.values[bp]; ok {
		return v
	}
	if ix.inProgress[bp] {
		ix.cycles++
		return vals{}
	}
	ix.inProgress[bp] = true
	defer delete(ix.inProgress, bp)
	before := ix.cycles
	var out vals
	if len(ix.calls[bp.key]) == 0 {
		out.unknown = bp.key.name + " is not called in the module"
	}
	for _, c := range ix.calls[bp.key] {
		src, ok := c.args[bp.slot]
		if !ok {
			out.unknown = "a field of a struct passed on whole"
			break
		}
		v := ix.resolve(src)
		if v.unknown != "" {
			out = v
			break
		}
		out.set = append(out.set, v.set...)
	}
	if out.unknown == "" {
		slices.Sort(out.set)
		out.set = slices.Compact(out.set)
	}
	if ix.cycles == before {
		ix.values[bp] = out
	}
	return out
}

// A parsed Go file of the module, with its package's directory and import
// path.
type file struct {
	f       *ast.File
	path    string
	fset    *token.FileSet
	dir     string // import path of its package
	imports map[string]string
}

func build(root, modPath string) *Index {
	ix := &Index{
		binders:    map[binderKey]map[int]bool{},
		byName:     map[string][]binderKey{},
		variadic:   map[binderKey]bool{},
		calls:      map[binderKey][]*call{},
		fields:     map[binderKey]map[int][]string{},
		literals:   map[literalField][]source{},
		funcs:      map[string]map[string]*funcDecl{},
		values:     map[binderPos]vals{},
		inProgress: map[binderPos]bool{},
	}
	if modPath == "" {
		if content, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
			modPath = modfile.ModulePath(content)
		}
	}
	var files []*file
	consts := map[string]map[string]string{} // package import path -> constant -> value
	types := map[string]map[string]bool{}    // package import path -> type names
	for _, pf := range gofiles.ParseMentioning(root, "(") {
		p, f, fset := pf.Path, pf.File, pf.Fset
		pkg, ok := gofiles.PackagePath(root, modPath, p)
		if !ok {
			continue
		}
		fl := &file{f: f, path: filepath.Clean(p), fset: fset, dir: pkg, imports: gofiles.Imports(f)}
		files = append(files, fl)
		collectDecls(f, pkg, consts, types)
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Body != nil {
				if ix.funcs[pkg] == nil {
					ix.funcs[pkg] = map[string]*funcDecl{}
				}
				ix.funcs[pkg][fn.Name.Name] = &funcDecl{fn: fn, file: fl}
			}
		}
	}
	findBinders(ix, files)
	ix.consts, ix.types = consts, types
	for _, fl := range files {
		r := &reader{ix: ix, file: fl, consts: consts, types: types}
		r.collectCalls()
	}
	return ix
}

// collectDecls records a file's package-level string constants whose value
// is a literal, its integer constants (a literal, iota, iota plus or
// minus a literal, repeated down a block as Go repeats them), and its
// type names (conversions to them keep a constant).
func collectDecls(f *ast.File, pkg string, consts map[string]map[string]string, types map[string]map[string]bool) {
	if consts[pkg] == nil {
		consts[pkg], types[pkg] = map[string]string{}, map[string]bool{}
	}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		var last []ast.Expr // the values an omitted list repeats
		for iota, spec := range gd.Specs {
			switch spec := spec.(type) {
			case *ast.TypeSpec:
				types[pkg][spec.Name.Name] = true
			case *ast.ValueSpec:
				if gd.Tok != token.CONST {
					continue
				}
				values := spec.Values
				if len(values) == 0 && spec.Type == nil {
					values = last
				} else {
					last = values
				}
				if len(values) != len(spec.Names) {
					continue
				}
				for i, n := range spec.Names {
					if s, ok := stringLit(values[i]); ok {
						consts[pkg][n.Name] = s
					} else if v, ok := intValue(values[i], iota); ok {
						consts[pkg][n.Name] = intConst + strconv.FormatInt(v, 10)
					}
				}
			}
		}
	}
}

// intValue evaluates an integer constant's expression: a literal, iota,
// or one of those plus or minus another.
func intValue(e ast.Expr, iota int) (int64, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		if e.Kind != token.INT {
			return 0, false
		}
		v, err := strconv.ParseInt(e.Value, 0, 64)
		return v, err == nil
	case *ast.Ident:
		return int64(iota), e.Name == "iota"
	case *ast.BinaryExpr:
		x, okx := intValue(e.X, iota)
		y, oky := intValue(e.Y, iota)
		switch {
		case !okx || !oky:
		case e.Op == token.ADD:
			return x + y, true
		case e.Op == token.SUB:
			return x - y, true
		}
	}
	return 0, false
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// sqlMethods are the methods that run SQL with their arguments bound.
var sqlMethods = map[string]bool{
	"Exec": true, "ExecContext": true, "MustExec": true, "MustExecContext": true,
	"Query": true, "QueryContext": true, "QueryRow": true, "QueryRowContext": true,
	"Queryx": true, "QueryxContext": true, "QueryRowx": true, "QueryRowxContext": true,
	"Get": true, "GetContext": true, "Select": true, "SelectContext": true,
	"Queue": true,
	// sqlc's helpers when it emits prepared queries: q.exec(ctx, stmt, query, args...)
	"exec": true, "query": true, "queryRow": true,
}

// ormMethods are the methods of GORM and bun that bind their arguments
// into the SQL their chain sends (GORM's Where("id = ?", id) and
// Update("status", status), bun's Set("status = ?", s)). Without types a
// method is known by its name alone, so they count only in a package
// that imports one of ormPaths.
var ormMethods = map[string]bool{
	"Where": true, "Or": true, "Not": true, "Having": true, "Raw": true,
	"Update": true, "Updates": true, "UpdateColumn": true, "UpdateColumns": true,
	"First": true, "Find": true, "Take": true, "Last": true, "Delete": true,
	"WhereOr": true, "Set": true, "Value": true,
}

var ormPaths = []string{"gorm.io/gorm", "github.com/uptrace/bun"}

// ormPackages returns the import paths of the packages one of whose files
// imports an ORM of ormPaths.
func ormPackages(files []*file) map[string]bool {
	out := map[string]bool{}
	for _, fl := range files {
		for _, p := range fl.imports {
			if slices.Contains(ormPaths, p) {
				out[fl.dir] = true
			}
		}
	}
	return out
}

// findBinders finds the module's binders, to a fixed point: a method that
// forwards a parameter to a binder's bound parameter binds it too. Each
// function's calls are read once; the fixed point runs over what they
// say.
func findBinders(ix *Index, files []*file) {
	var decls []*decl
	orm := ormPackages(files)
	for _, fl := range files {
		for _, d := range fl.f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			d := &decl{fn: fn, pkg: fl.dir, orm: orm[fl.dir], params: paramIndex(fn.Type), locals: localValues(fn.Body)}
			decls = append(decls, d)
			key := binderKey{Name(fl.dir, fn.Name.Name), arity(fn.Type)}
			d.selectedFields(ix, key)
			if !slices.Contains(ix.byName[key.name], key) {
				ix.byName[key.name] = append(ix.byName[key.name], key)
			}
			if isVariadic(fn.Type) {
				ix.variadic[key] = true
			}
		}
	}
	for _, d := range decls {
		d.calls = d.forwardingCalls(ix)
		// A constructor that keeps a parameter in a field of the value it
		// makes (NewStore(db, table) returning &Store{table: table})
		// binds it too: its methods splice the field into their SQL as
		// the table's name. What its callers give it is asked by
		// position (see Tuples), as a binder's state is.
		for _, p := range d.storedParams() {
			key := binderKey{Name(d.pkg, d.fn.Name.Name), arity(d.fn.Type)}
			if ix.binders[key] == nil {
				ix.binders[key] = map[int]bool{}
			}
			ix.binders[key][p] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			key := binderKey{Name(d.pkg, d.fn.Name.Name), arity(d.fn.Type)}
			mark := func(p int) {
				if !ix.binders[key][p] {
					if ix.binders[key] == nil {
						ix.binders[key] = map[int]bool{}
					}
					ix.binders[key][p] = true
					changed = true
				}
			}
			for _, c := range d.calls {
				bound := map[int]bool{}
				for _, key := range ix.binderKeys(c.call, d.pkg) {
					for p := range ix.binders[key] {
						bound[p] = true
					}
				}
				for i, params := range c.args {
					if c.sql || bound[i] {
						for _, p := range params {
							mark(p)
						}
					}
				}
			}
		}
	}
}

// A forwardingCall is a call in an exported function that runs SQL or
// whose name is one of the module's exported functions, with the
// function's parameters each argument is made of.
type forwardingCall struct {
	call *ast.CallExpr
	sql  bool
	args [][]int
}

// forwardingCalls returns the calls of d's body that may bind d's
// parameters: those that run SQL and those a binder's name may match.
func (d *decl) forwardingCalls(ix *Index) []forwardingCall {
	var out []forwardingCall
	ast.Inspect(d.fn.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		name := calleeName(c)
		sql := sqlMethods[name] || d.orm && ormMethods[name]
		if !sql && len(ix.byName[Name(d.pkg, name)]) == 0 {
			return true
		}
		fc := forwardingCall{call: c, sql: sql, args: make([][]int, len(c.Args))}
		for i, a := range c.Args {
			fc.args[i] = d.mentions(a)
		}
		out = append(out, fc)
		return true
	})
	return out
}

// mentions returns the parameters an argument is made of: named in it, or
// in what a local it names was assigned (args := []any{id, status}), and
// so on through the locals those name.
func (d *decl) mentions(e ast.Node) []int {
	out, locals := d.direct(e)
	seen := map[string]bool{}
	for len(locals) > 0 {
		name := locals[0]
		locals = locals[1:]
		if seen[name] {
			continue
		}
		seen[name] = true
		r := d.localRefs(name)
		out = append(out, r.params...)
		locals = append(locals, r.locals...)
	}
	return out
}

// refs is what an expression names: parameters, and locals of the body.
type refs struct {
	params []int
	locals []string
}

// localRefs returns what the values assigned to the local name name, memoised.
func (d *decl) localRefs(name string) refs {
	if r, ok := d.refs[name]; ok {
		return r
	}
	var r refs
	for _, v := range d.locals[name] {
		p, l := d.direct(v)
		r.params = append(r.params, p...)
		r.locals = append(r.locals, l...)
	}
	if d.refs == nil {
		d.refs = map[string]refs{}
	}
	d.refs[name] = r
	return r
}

// direct returns the parameters and the locals an expression names
// (outside function literals); a parameter's own assignments are not
// followed.
func (d *decl) direct(e ast.Node) (params []int, locals []string) {
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if p, ok := d.params[id.Name]; ok {
			params = append(params, p)
		} else if _, ok := d.locals[id.Name]; ok {
			locals = append(locals, id.Name)
		}
		return true
	})
	return params, locals
}

// A decl is an exported function that may be a binder.
type decl struct {
	fn     *ast.FuncDecl
	pkg    string // its package's import path
	orm    bool   // its package imports an ORM (see ormMethods)
	params map[string]int
	locals map[string][]ast.Expr // what each local is assigned
	refs   map[string]refs       // memoised localRefs
	calls  []forwardingCall
}

// storedParams returns the positions of d's parameters its body stores,
// as they are, into a field: a keyed element of a composite literal
// (&Store{table: table}) or an assignment to a selected field
// (s.table = table).
func (d *decl) storedParams() []int {
	var out []int
	param := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if p, ok := d.params[id.Name]; ok && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	ast.Inspect(d.fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.KeyValueExpr:
			param(n.Value)
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if _, ok := l.(*ast.SelectorExpr); ok {
						param(n.Rhs[i])
					}
				}
			}
		}
		return true
	})
	slices.Sort(out)
	return out
}

// selectedFields records the fields d's body selects from each of its
// parameters (arg.Status).
func (d *decl) selectedFields(ix *Index, key binderKey) {
	ast.Inspect(d.fn.Body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		if p, ok := d.params[id.Name]; ok {
			if ix.fields[key] == nil {
				ix.fields[key] = map[int][]string{}
			}
			if !slices.Contains(ix.fields[key][p], sel.Sel.Name) {
				ix.fields[key][p] = append(ix.fields[key][p], sel.Sel.Name)
			}
		}
		return true
	})
}

// localValues returns what each name a function body assigns is assigned;
// v, err := f(x) assigns v (and err) what f(x) makes of x.
func localValues(body *ast.BlockStmt) map[string][]ast.Expr {
	out := map[string][]ast.Expr{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := l.(*ast.Ident)
				switch {
				case !ok:
				case len(n.Rhs) == len(n.Lhs):
					out[id.Name] = append(out[id.Name], n.Rhs[i])
				case len(n.Rhs) == 1:
					out[id.Name] = append(out[id.Name], n.Rhs[0])
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if len(n.Values) == len(n.Names) {
					out[id.Name] = append(out[id.Name], n.Values[i])
				}
			}
		}
		return true
	})
	return out
}

// paramIndex maps a function's named parameters to their positions; a
// variadic parameter is left out.
func paramIndex(ft *ast.FuncType) map[string]int {
	out := map[string]int{}
	i := 0
	for _, f := range ft.Params.List {
		_, variadic := f.Type.(*ast.Ellipsis)
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, n := range f.Names {
			if !variadic && n.Name != "_" {
				out[n.Name] = i
			}
			i++
		}
	}
	return out
}

func isVariadic(ft *ast.FuncType) bool {
	n := len(ft.Params.List)
	if n == 0 {
		return false
	}
	_, ok := ft.Params.List[n-1].Type.(*ast.Ellipsis)
	return ok
}

func arity(ft *ast.FuncType) int {
	n := 0
	for _, f := range ft.Params.List {
		n += max(len(f.Names), 1)
	}
	return n
}

// Name returns the name the index knows a function or method of the
// package at import path pkg by: an exported one by its own name, which
// calls from any package of the module may use; an unexported one by
// the package's path and its name, since only its own package can call
// it (p.dispatch(ctx, job), s.setStatus(ctx, id, status)): a hop
// between a caller's constant and the query that is no exported function
// of either package is followed too, and a function of that name in
// another package is not taken for it.
func Name(pkg, name string) string {
	if name == "" || token.IsExported(name) {
		return name
	}
	return pkg + "." + name
}

func calleeName(c *ast.CallExpr) string {
	switch fun := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		return fun.Name
	case *ast.SelectorExpr:
		return fun.Sel.Name
	case *ast.IndexExpr: // a generic function instantiated by hand
		if sel, ok := fun.X.(*ast.SelectorExpr); ok {
			return sel.Sel.Name
		}
		if id, ok := fun.X.(*ast.Ident); ok {
			return id.Name
		}
	}
	return ""
}

// A reader reads the calls of binders in one file.
type reader struct {
	ix     *Index
	file   *file
	consts map[string]map[string]string
	types  map[string]map[string]bool
}

func (r *reader) collectCalls() {
	for _, d := range r.file.f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		fc := r.funcContext(fn)
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok {
				fc.collectLiteral(lit)
			}
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			for _, key := range r.ix.binderKeys(c, r.file.dir) {
				rec := &call{args: map[slot]source{}, file: r.file.path, lparen: r.file.fset.Position(c.Lparen).Offset, pkg: r.file.dir}
				for _, sl := range r.ix.slots(key) {
					rec.args[sl] = fc.argSource(c, sl)
				}
				r.ix.calls[key] = append(r.ix.calls[key], rec)
			}
			return true
		})
	}
}

// binderKeys returns the binders a call may be a call of: the one of its
// name and number of arguments; those of its name whose variadic
// parameter takes the arguments past their fixed ones (a slice spread
// into it stands for the variadic parameter itself); and, for a call
// whose only argument is a call (f(g()), which may give several results),
// every binder of its name.
func (ix *Index) binderKeys(c *ast.CallExpr, pkg string) []binderKey {
	var keys []binderKey
	_, multi := ast.Unparen(firstArg(c)).(*ast.CallExpr)
	for _, key := range ix.byName[Name(pkg, calleeName(c))] {
		switch {
		case ix.binders[key] == nil:
		case key.arity == len(c.Args),
			ix.variadic[key] && len(c.Args) >= key.arity-1,
			multi && len(c.Args) == 1:
			keys = append(keys, key)
		}
	}
	return keys
}

func firstArg(c *ast.CallExpr) ast.Expr {
	if len(c.Args) == 0 {
		return nil
	}
	return c.Args[0]
}

// argSource reads what a call gives the parameter at position p. A call
// whose only argument is another call (f(g()), which may give several
// results) says nothing about any one parameter: the value is unknown,
// and stays a parameter in that call's view. (A slice spread into a call
// is never read as a constant.)
func (fc *funcContext) argSource(c *ast.CallExpr, sl slot) source {
	p := sl.pos
	switch {
	case len(c.Args) == 1 && p > 0:
		return source{unknown: "the results of a call"}
	case p >= len(c.Args):
		// A function of the binder's name and arity whose last parameter
		// is variadic, called with none: the call gives nothing there.
		return source{unknown: "no argument"}
	case sl.field != "":
		return fc.fieldSource(c.Args[p], sl.field, 0)
	}
	return fc.source(c.Args[p], 0)
}

// fieldSource reads what an argument sets one of its fields to: a
// composite literal's keyed element (Params{Status: s}, or its address),
// through the locals it is assigned to, or the field of the caller's own
// binder parameter passed on. A local whose fields are assigned one by
// one, a literal that leaves the field out (its zero value, no state) or
// gives its elements by position is unknown.
func (fc *funcContext) fieldSource(e ast.Expr, field string, depth int) source {
	if depth > maxDepth {
		return source{unknown: "too many steps"}
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	} else if star, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(star.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return source{unknown: "a literal without field names"}
			}
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field {
				return fc.source(kv.Value, depth+1)
			}
		}
		return source{unknown: "a literal without " + field}
	case *ast.Ident:
		switch {
		case fc.opaque[e.Name] || fc.fieldSet[e.Name]:
			return source{unknown: "variable " + e.Name}
		case fc.assigns[e.Name] != nil && !fc.isParam(e.Name):
			var out source
			for _, v := range fc.assigns[e.Name] {
				s := fc.fieldSource(v, field, depth+1)
				if s.unknown != "" {
					return s
				}
				out.consts = append(out.consts, s.consts...)
				out.forwards = append(out.forwards, s.forwards...)
				out.mapped = append(out.mapped, s.mapped...)
			}
			return out
		}
		if p, ok := fc.params[e.Name]; ok && fc.r.ix.binders[fc.binder][p] && fc.assigns[e.Name] == nil && !fc.fieldSet[e.Name] {
			return source{forwards: []binderPos{{fc.binder, slot{p, field}}}}
		}
	}
	return source{unknown: "a struct value"}
}

// A funcContext reads expressions inside one function declaration.
type funcContext struct {
	r       *reader
	binder  binderKey
	params  map[string]int
	assigns map[string][]ast.Expr // a local's every assigned value; nil for one assigned otherwise
	opaque  map[string]bool       // names bound by range, closures' parameters, multi-value assignments
	// fieldSet holds the locals one of whose fields is assigned
	// (p.Status = s): a literal they were given says nothing of it.
	fieldSet map[string]bool
}

func (r *reader) funcContext(fn *ast.FuncDecl) *funcContext {
	fc := &funcContext{
		r:        r,
		binder:   binderKey{Name(r.file.dir, fn.Name.Name), arity(fn.Type)},
		params:   paramIndex(fn.Type),
		assigns:  map[string][]ast.Expr{},
		opaque:   map[string]bool{},
		fieldSet: map[string]bool{},
	}
	if fn.Recv != nil {
		for _, f := range fn.Recv.List {
			for _, n := range f.Names {
				fc.opaque[n.Name] = true
			}
		}
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
					if id, ok := sel.X.(*ast.Ident); ok {
						fc.fieldSet[id.Name] = true
					}
				}
			}
			if _, call := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); call && len(n.Rhs) == 1 && len(n.Lhs) > 1 && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
				// v, err := f(x): v is f's first result (see mapped);
				// the others are not followed.
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						if i == 0 {
							fc.assigns[id.Name] = append(fc.assigns[id.Name], n.Rhs[0])
						} else {
							fc.opaque[id.Name] = true
						}
					}
				}
				return true
			}
			if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						fc.opaque[id.Name] = true
					}
				}
				return true
			}
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					fc.assigns[id.Name] = append(fc.assigns[id.Name], n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if len(n.Values) == len(n.Names) {
					fc.assigns[id.Name] = append(fc.assigns[id.Name], n.Values[i])
				} else {
					fc.opaque[id.Name] = true // a zero value, or a multi-value call
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok {
					fc.opaque[id.Name] = true
				}
			}
		case *ast.IncDecStmt:
			if id, ok := n.X.(*ast.Ident); ok {
				fc.opaque[id.Name] = true
			}
		case *ast.UnaryExpr:
			if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND {
				fc.opaque[id.Name] = true // its address escapes
			}
		case *ast.FuncLit:
			for _, f := range n.Type.Params.List {
				for _, id := range f.Names {
					fc.opaque[id.Name] = true
				}
			}
		}
		return true
	})
	return fc
}

// maxDepth bounds the locals followed from one argument.
const maxDepth = 8

// source reads what an argument expression can be.
func (fc *funcContext) source(e ast.Expr, depth int) source {
	if depth > maxDepth {
		return source{unknown: "too many steps"}
	}
	e = ast.Unparen(e)
	if s, ok := stringLit(e); ok {
		return source{consts: []string{s}}
	}
	if inner, unknown, ok := fc.unwrap(e); ok {
		if unknown != "" {
			return source{unknown: unknown}
		}
		return fc.source(inner, depth+1)
	}
	switch e := e.(type) {
	case *ast.Ident:
		return fc.ident(e, depth)
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok && !fc.local(x.Name) {
			if pkg, ok := fc.r.file.imports[x.Name]; ok {
				if v, ok := fc.r.consts[pkg][e.Sel.Name]; ok {
					return source{consts: []string{v}}
				}
			}
		}
		return source{unknown: "a selected value"}
	case *ast.CallExpr:
		if len(e.Args) == 1 && fc.isType(e.Fun) {
			return fc.source(e.Args[0], depth+1)
		}
		if fd := fc.mapper(e); fd != nil {
			arg := fc.source(e.Args[0], depth+1)
			if arg.unknown != "" {
				return arg
			}
			return source{mapped: []mapping{{fd, arg}}}
		}
		return source{unknown: "a call's result"}
	}
	return source{unknown: "an expression"}
}

// mapper returns the module's function a call of one argument calls, when
// its body maps its parameter's values to constants (see apply).
func (fc *funcContext) mapper(c *ast.CallExpr) *funcDecl {
	if len(c.Args) != 1 {
		return nil
	}
	var fd *funcDecl
	switch fun := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		if !fc.local(fun.Name) {
			fd = fc.r.ix.funcs[fc.r.file.dir][fun.Name]
		}
	case *ast.SelectorExpr:
		if x, ok := fun.X.(*ast.Ident); ok && !fc.local(x.Name) {
			if pkg, ok := fc.r.file.imports[x.Name]; ok {
				fd = fc.r.ix.funcs[pkg][fun.Sel.Name]
			}
		}
	}
	if fd == nil || mapperSwitch(fd.fn) == nil {
		return nil
	}
	return fd
}

// mapperSwitch returns the switch a mapping function's body starts with:
// its only parameter is the switch's tag (func toDB(s Status) (string,
// error) { switch s { case Done: return "done", nil ... } }).
func mapperSwitch(fn *ast.FuncDecl) *ast.SwitchStmt {
	params := paramIndex(fn.Type)
	if arity(fn.Type) != 1 || len(params) != 1 || fn.Type.Results == nil || len(fn.Body.List) == 0 {
		return nil
	}
	sw, ok := fn.Body.List[0].(*ast.SwitchStmt)
	if !ok || sw.Init != nil {
		return nil
	}
	tag, ok := ast.Unparen(sw.Tag).(*ast.Ident)
	if !ok {
		return nil
	}
	if _, ok := params[tag.Name]; !ok {
		return nil
	}
	return sw
}

// apply returns what a mapping function returns first for one value of
// its parameter: the clause whose case lists that constant, or the
// default clause, must be one return of a constant. A value no clause
// takes (the function's error path) is not known.
func (ix *Index) apply(fd *funcDecl, v string) (string, bool) {
	if ix.applying[fd] {
		return "", false
	}
	if ix.applying == nil {
		ix.applying = map[*funcDecl]bool{}
	}
	ix.applying[fd] = true
	defer delete(ix.applying, fd)
	r := &reader{ix: ix, file: fd.file, consts: ix.consts, types: ix.types}
	fc := r.funcContext(fd.fn)
	constant := func(e ast.Expr) (string, bool) {
		vs := ix.resolve(fc.source(e, 0))
		if vs.unknown != "" || len(vs.set) != 1 {
			return "", false
		}
		return vs.set[0], true
	}
	result := func(cc *ast.CaseClause) (string, bool) {
		if len(cc.Body) != 1 {
			return "", false
		}
		ret, ok := cc.Body[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 {
			return "", false
		}
		out, ok := constant(ret.Results[0])
		return out, ok && out != ""
	}
	var dflt *ast.CaseClause
	for _, st := range mapperSwitch(fd.fn).Body.List {
		cc := st.(*ast.CaseClause)
		if cc.List == nil {
			dflt = cc
		}
		for _, e := range cc.List {
			if c, ok := constant(e); ok && c == v {
				return result(cc)
			}
		}
	}
	if dflt != nil {
		return result(dflt)
	}
	return "", false
}

func (fc *funcContext) isParam(name string) bool {
	_, ok := fc.params[name]
	return ok
}

// local reports whether a name is declared in the function.
func (fc *funcContext) local(name string) bool {
	_, param := fc.params[name]
	_, assigned := fc.assigns[name]
	return param || assigned || fc.opaque[name]
}

func (fc *funcContext) ident(id *ast.Ident, depth int) source {
	switch {
	case fc.opaque[id.Name]:
		return source{unknown: "variable " + id.Name}
	case fc.assigns[id.Name] != nil && !fc.isParam(id.Name):
		var out source
		for _, v := range fc.assigns[id.Name] {
			s := fc.source(v, depth+1)
			if s.unknown != "" {
				return s
			}
			out.consts = append(out.consts, s.consts...)
			out.forwards = append(out.forwards, s.forwards...)
			out.mapped = append(out.mapped, s.mapped...)
		}
		return out
	}
	if p, ok := fc.params[id.Name]; ok {
		if fc.r.ix.binders[fc.binder][p] && fc.assigns[id.Name] == nil {
			return source{forwards: []binderPos{{fc.binder, slot{pos: p}}}}
		}
		return source{unknown: "parameter " + id.Name}
	}
	if v, ok := fc.r.consts[fc.r.file.dir][id.Name]; ok {
		return source{consts: []string{v}}
	}
	return source{unknown: id.Name}
}

// isType reports whether a call's function is a type the module or the
// language names: string(x), Status(x), task.Status(x).
func (fc *funcContext) isType(fun ast.Expr) bool {
	switch fun := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return fun.Name == "string" || !fc.local(fun.Name) && fc.r.types[fc.r.file.dir][fun.Name]
	case *ast.SelectorExpr:
		x, ok := fun.X.(*ast.Ident)
		if !ok || fc.local(x.Name) {
			return false
		}
		pkg, ok := fc.r.file.imports[x.Name]
		return ok && fc.r.types[pkg][fun.Sel.Name]
	}
	return false
}
