package sigterm

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// SIGTERM asked for by a helper of another module (a shared CLI library's
// HandleInterrupt): the module's own packages export NotifiesSIGTERM, a
// required module's never do (jobqlint does not analyse them), so a
// command about to be reported reads the source of the dependency
// functions it calls, from the file its export data names (the module
// cache or vendor/, whose contents a version fixes).

// dependencyAsks reports whether a call of the package reaches a function
// of another module whose source asks for SIGTERM.
func dependencyAsks(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if found || !ok {
				return !found
			}
			fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if !ok || fn.Pkg() == nil || effects.InModule(pass, fn.Pkg()) || !strings.Contains(strings.Split(fn.Pkg().Path(), "/")[0], ".") {
				return true // the module's own, or the standard library's
			}
			filename := pass.Fset.Position(fn.Origin().Pos()).Filename
			found = depFuncAsks(filename, fn.Origin()) || frameworkAsks(filename, fn.Pkg().Path())
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// depFuncAsks reports whether the declaration of fn in the package whose
// source file is filename asks for SIGTERM.
func depFuncAsks(filename string, fn *types.Func) bool {
	if filename == "" {
		return false
	}
	p := depSource(filepath.Dir(filename))
	if p == nil {
		return false
	}
	d := p.decls[declKey(fn)]
	return d != nil && p.asks(d, map[*ast.FuncDecl]bool{})
}

// declKey names a function as its package declares it: Name, or
// Recv.Name for a method.
func declKey(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Name()
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name() + "." + fn.Name()
	}
	return ""
}

// A depPackage is the parsed source of a dependency's package that
// imports os/signal.
type depPackage struct {
	decls map[string]*depDecl
	// passesOn says the package hands the signal it catches back to the
	// process: a function of it stops the notification (signal.Stop or
	// Reset) and sends the signal it was given to its own process
	// (os.FindProcess(os.Getpid()) then p.Signal(sig)),
	// as an error reporter does that flushes its reports first
	// (bugsnag-go's session tracker). The process then dies of the
	// signal as if nobody had asked for it: the job in hand is killed.
	passesOn bool
}

// A depDecl is a function of the package, with the names its file gives
// its imports.
type depDecl struct {
	*ast.FuncDecl
	imports map[string]string // local name -> import path
}

var depSources sync.Map // directory -> *depPackage (nil: no file imports os/signal)

// depSource parses the non-test Go files of a directory once per process,
// when one of them imports os/signal.
func depSource(dir string) *depPackage {
	if v, ok := depSources.Load(dir); ok {
		return v.(*depPackage)
	}
	var p *depPackage
	entries, _ := os.ReadDir(dir)
	var files []string
	signals := false
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		path := filepath.Join(dir, name)
		files = append(files, path)
		if f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly); err == nil && importNames(f)["os/signal"] != "" {
			signals = true
		}
	}
	if signals {
		p = &depPackage{decls: map[string]*depDecl{}}
		for _, path := range files {
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				continue
			}
			names := map[string]string{}
			for path, name := range importNames(f) {
				names[name] = path
			}
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					dd := &depDecl{fd, names}
					p.decls[funcDeclKey(fd)] = dd
					p.passesOn = p.passesOn || dd.resends()
				}
			}
		}
	}
	v, _ := depSources.LoadOrStore(dir, p)
	return v.(*depPackage)
}

// importNames maps a file's import paths to the names it uses for them.
func importNames(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, s := range f.Imports {
		path, err := strconv.Unquote(s.Path.Value)
		if err != nil {
			continue
		}
		name := path[strings.LastIndex(path, "/")+1:]
		if s.Name != nil {
			name = s.Name.Name
		}
		out[path] = name
	}
	return out
}

func funcDeclKey(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return ""
}

// asks reports whether a function of the package asks for SIGTERM:
// signal.Notify or NotifyContext with syscall's or x/sys/unix's SIGTERM
// (or with no signal list), in its body or its function literals, or
// through a function of the same package it calls by name.
func (p *depPackage) asks(d *depDecl, seen map[*ast.FuncDecl]bool) bool {
	if seen[d.FuncDecl] || p.passesOn {
		return false
	}
	seen[d.FuncDecl] = true
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		switch fun := call.Fun.(type) {
		case *ast.SelectorExpr:
			if x, ok := fun.X.(*ast.Ident); ok && d.imports[x.Name] == "os/signal" && (fun.Sel.Name == "Notify" || fun.Sel.Name == "NotifyContext") {
				found = len(call.Args) < 2 || call.Ellipsis.IsValid() || d.anySIGTERM(call.Args[1:])
			}
		case *ast.Ident:
			if next := p.decls[fun.Name]; next != nil {
				found = p.asks(next, seen)
			}
		}
		return !found
	})
	return found
}

func (d *depDecl) anySIGTERM(args []ast.Expr) bool {
	for _, a := range args {
		s, ok := a.(*ast.SelectorExpr)
		if !ok || s.Sel.Name != "SIGTERM" {
			continue
		}
		if x, ok := s.X.(*ast.Ident); ok && (d.imports[x.Name] == "syscall" || d.imports[x.Name] == "golang.org/x/sys/unix") {
			return true
		}
	}
	return false
}

// frameworkAsks reports whether the module that declares a dependency's
// package asks for SIGTERM in a package that one imports, directly or
// through the module's own packages: a framework that owns the process
// (wails.Run builds an application whose Run starts the framework's own
// signal package), whose entry point the command calls and whose source
// jobqlint reads no further than that entry point. The imports are read
// from the source (export data lists only the packages whose types a
// package's API names); a package of another module does not count.
func frameworkAsks(filename, pkgPath string) bool {
	mod, root := depModule(filename, pkgPath)
	if mod == "" {
		return false
	}
	start := filepath.Dir(filename)
	seen := map[string]bool{}
	var walk func(dir string) bool
	walk = func(dir string) bool {
		if seen[dir] {
			return false
		}
		seen[dir] = true
		for _, imp := range dirImports(dir) {
			if imp == "os/signal" {
				if dir == start {
					continue // the entry point's own package: depFuncAsks reads what it calls
				}
				if p := depSource(dir); p != nil && p.anyAsks() {
					return true
				}
				continue
			}
			if rel, ok := strings.CutPrefix(imp, mod+"/"); ok && walk(filepath.Join(root, filepath.FromSlash(rel))) {
				return true
			}
		}
		return false
	}
	return walk(start)
}

// dirImports returns what the non-test Go files of a directory import.
func dirImports(dir string) []string {
	entries, _ := os.ReadDir(dir)
	seen := map[string]bool{}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, parser.ImportsOnly)
		if err != nil {
			continue
		}
		for path := range importNames(f) {
			if !seen[path] {
				seen[path] = true
				out = append(out, path)
			}
		}
	}
	return out
}

// anyAsks reports whether a function of the package asks for SIGTERM.
func (p *depPackage) anyAsks() bool {
	for _, d := range p.decls {
		if p.asks(d, map[*ast.FuncDecl]bool{}) {
			return true
		}
	}
	return false
}

// depModule returns the path of the module a dependency's package belongs
// to and the directory of its root, from where its source is: the module
// cache (a directory named path@version), vendor/ (vendor/modules.txt),
// or a directory with a go.mod (a replace directive); "" when none says.
func depModule(filename, pkgPath string) (mod, root string) {
	dir := filepath.ToSlash(filepath.Dir(filename))
	parts := strings.Split(dir, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		here := filepath.FromSlash(strings.Join(parts[:i+1], "/"))
		if strings.Contains(parts[i], "@") {
			rel := strings.Join(parts[i+1:], "/")
			if rel == "" {
				return pkgPath, here
			}
			if !strings.HasSuffix(pkgPath, "/"+rel) {
				return "", ""
			}
			return strings.TrimSuffix(pkgPath, "/"+rel), here
		}
		if parts[i] == "vendor" {
			data, err := os.ReadFile(filepath.Join(here, "modules.txt"))
			if err != nil {
				return "", ""
			}
			for _, line := range strings.Split(string(data), "\n") {
				if f := strings.Fields(line); len(f) >= 2 && f[0] == "#" && (pkgPath == f[1] || strings.HasPrefix(pkgPath, f[1]+"/")) && len(f[1]) > len(mod) {
					mod = f[1]
				}
			}
			if mod == "" {
				return "", ""
			}
			return mod, filepath.Join(here, filepath.FromSlash(mod))
		}
		if data, err := os.ReadFile(filepath.Join(here, "go.mod")); err == nil {
			return modfile.ModulePath(data), here
		}
	}
	return "", ""
}

// resends reports whether a function stops a signal's notification and
// sends a signal it holds in a variable (the one it caught, not a
// constant such as os.Kill) to a process: p.Signal(sig).
func (d *depDecl) resends() bool {
	stops, sends := false, false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fun, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		x, _ := fun.X.(*ast.Ident)
		pkg := ""
		if x != nil {
			pkg = d.imports[x.Name]
		}
		held := false
		if len(call.Args) > 0 {
			_, held = ast.Unparen(call.Args[len(call.Args)-1]).(*ast.Ident)
		}
		switch {
		case pkg == "os/signal" && (fun.Sel.Name == "Stop" || fun.Sel.Name == "Reset"):
			stops = true
		case pkg == "" && fun.Sel.Name == "Signal" && len(call.Args) == 1 && held:
			sends = true
		}
		return true
	})
	return stops && sends
}
