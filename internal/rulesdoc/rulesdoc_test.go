package rulesdoc_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/internal/rulesdoc"
)

// docs/rules.md and the README's rule table are what the records say.
func TestGeneratedDocsAreCurrent(t *testing.T) {
	root := filepath.Join("..", "..")
	docs, err := os.ReadFile(filepath.Join(root, "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	if string(docs) != string(rulesdoc.Markdown(analyzers.Rules)) {
		t.Errorf("docs/rules.md is not what the rules' records say: run go generate ./analyzers")
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := rulesdoc.SpliceTable(readme, rulesdoc.Table(analyzers.Rules, "docs/rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	if string(readme) != string(want) {
		t.Errorf("the README's rule table is not what the rules' records say: run go generate ./analyzers")
	}
}

func TestSpliceTable(t *testing.T) {
	in := "# x\n\n" + rulesdoc.BeginTable + "\nold\n" + rulesdoc.EndTable + "\nafter\n"
	got, err := rulesdoc.SpliceTable([]byte(in), "| new |\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := "# x\n\n" + rulesdoc.BeginTable + "\n| new |\n" + rulesdoc.EndTable + "\nafter\n"; string(got) != want {
		t.Errorf("got %q", got)
	}
	if _, err := rulesdoc.SpliceTable([]byte("no markers"), ""); err == nil {
		t.Error("spliced a README without markers")
	}
}
