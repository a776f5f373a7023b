package ormsql

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gobuffalo/flect/name"
)

// pop names a model's table with its inflection library's Tableize:
// tableize gives the same name, or refuses, for every type name of the
// standard library and the names queue models are given.
func TestTableizeIsTheLibrarys(t *testing.T) {
	names := map[string]bool{}
	for _, n := range []string{
		"Job", "QueueItem", "Task", "OutboxMessage", "Category", "Batch", "Box", "Key", "Person", "Status",
		"Tooth", "Foot", "Goose", "Mouse", "Matrix", "Index", "Datum", "Criterion", "Analysis", "Cactus",
		"Campus", "Bureau", "Plateau", "Formula", "Wolf", "Life", "Hero", "Quiz", "HTTPJob", "JobV2", "Job_Run",
		"DeliveryAttempt", "WorkerLease", "CronSchedule", "DeadLetter", "Webhook", "Sheep", "Fish", "Move",
		"Notification", "Subscription", "JobExecution", "Session", "Decision", "Information", "JobInformation",
		"Taxon", "Ganglion", "Mitochondrion", "Phenomenon", "Polyhedron", "Lexicon", "Salmon", "Bison",
	} {
		names[n] = true
	}
	root := filepath.Join(runtime.GOROOT(), "src")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "testdata") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil // the tree has files that do not parse on purpose
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
				for _, s := range g.Specs {
					names[s.(*ast.TypeSpec).Name.Name] = true
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	formed := 0
	for n := range names {
		got, ok := tableize(n)
		if !ok {
			continue
		}
		formed++
		if want := name.Tableize(n); got != want {
			t.Errorf("tableize(%q) = %q, the library's is %q", n, got, want)
		}
	}
	for _, n := range []string{"Job", "QueueItem", "Task", "OutboxMessage", "Category", "Batch", "DeliveryAttempt", "Webhook", "Notification", "JobExecution", "Session"} {
		if _, ok := tableize(n); !ok {
			t.Errorf("tableize(%q) refused", n)
		}
	}
	if formed < len(names)/3 {
		t.Errorf("tableize formed %d of %d names: it refuses most", formed, len(names))
	}
	t.Logf("%d of %d names formed", formed, len(names))
}
