package effects

import (
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// EmbeddedSQLFile reports whether v, the SQL a call runs, is the text of
// a file the package embeds with a //go:embed directive that names only
// .sql files: string(b) of (embed.FS).ReadFile or fs.ReadFile on a
// package variable so declared (a migration runner that applies its
// embedded migrations). Such files are the module's SQL, which the
// schema and the module's statements already read from disk, so what the
// call runs is in the model even though its text is not a value.
func (e *Effects) EmbeddedSQLFile(v ssa.Value) bool {
	if e == nil || e.pass == nil {
		return false
	}
	conv, ok := v.(*ssa.Convert)
	if !ok {
		if mi, ok := v.(*ssa.MakeInterface); ok {
			conv, _ = mi.X.(*ssa.Convert)
		}
	}
	if conv == nil {
		return false
	}
	ex, ok := conv.X.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return false
	}
	callee := call.Common().StaticCallee()
	if callee == nil || len(call.Common().Args) == 0 {
		return false
	}
	fn, ok := callee.Object().(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Name() != "ReadFile" {
		return false // the package of a dependency's function is its object's: SSA builds it without one
	}
	var fsys ssa.Value
	switch recv := callee.Signature.Recv(); {
	case fn.Pkg().Path() == "embed" && recv != nil:
		fsys = call.Common().Args[0]
	case fn.Pkg().Path() == "io/fs" && recv == nil:
		fsys = call.Common().Args[0]
		if mi, ok := fsys.(*ssa.MakeInterface); ok {
			fsys = mi.X
		}
	default:
		return false
	}
	load, ok := fsys.(*ssa.UnOp)
	if !ok {
		return false
	}
	g, ok := load.X.(*ssa.Global)
	if !ok || g.Pkg != e.pkg {
		return false
	}
	obj, ok := g.Object().(*types.Var)
	if !ok || !isEmbedFS(obj.Type()) {
		return false
	}
	patterns := e.embedPatterns(obj)
	if len(patterns) == 0 {
		return false
	}
	for _, p := range patterns {
		if !onlySQL(p) {
			return false
		}
	}
	return true
}

func isEmbedFS(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == "FS" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "embed"
}

// embedPatterns returns the patterns of the //go:embed directives above
// the declaration of obj, each joined to the directory of its file.
func (e *Effects) embedPatterns(obj *types.Var) []string {
	for _, f := range e.pass.Files {
		if f.Pos() > obj.Pos() || obj.Pos() >= f.End() {
			continue
		}
		dir := filepath.Dir(e.pass.Fset.File(f.Pos()).Name())
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Pos() > obj.Pos() || obj.Pos() >= gd.End() {
				continue
			}
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok || vs.Pos() > obj.Pos() || obj.Pos() >= vs.End() {
					continue
				}
				doc := vs.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				return directivePatterns(doc, dir)
			}
		}
	}
	return nil
}

// directivePatterns reads the patterns of a comment's //go:embed lines.
// A quoted pattern that does not unquote leaves the answer empty.
func directivePatterns(doc *ast.CommentGroup, dir string) []string {
	if doc == nil {
		return nil
	}
	var out []string
	for _, c := range doc.List {
		rest, ok := strings.CutPrefix(c.Text, "//go:embed ")
		if !ok {
			continue
		}
		for _, field := range strings.Fields(rest) {
			if strings.HasPrefix(field, `"`) || strings.HasPrefix(field, "`") {
				u, err := strconv.Unquote(field)
				if err != nil {
					return nil
				}
				field = u
			}
			field = strings.TrimPrefix(field, "all:")
			out = append(out, filepath.Join(dir, filepath.FromSlash(field)))
		}
	}
	return out
}

// onlySQL reports whether an embed pattern names only .sql files: every
// file it matches is one, or, for a directory, every file under it.
func onlySQL(pattern string) bool {
	matches, err := filepath.Glob(pattern)
	if err != nil || len(matches) == 0 {
		return false
	}
	for _, m := range matches {
		ok := true
		err := filepath.WalkDir(m, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && !strings.EqualFold(filepath.Ext(path), ".sql") {
				ok = false
			}
			return nil
		})
		if err != nil || !ok {
			return false
		}
	}
	return true
}
