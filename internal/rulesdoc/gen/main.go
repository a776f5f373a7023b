// Command gen writes docs/rules.md and the README's rule table from the
// rules' records. Run it with `go generate ./analyzers`.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/internal/rulesdoc"
)

func main() {
	root := flag.String("root", ".", "the repository root")
	flag.Parse()
	docs := filepath.Join(*root, "docs", "rules.md")
	if err := os.WriteFile(docs, rulesdoc.Markdown(analyzers.Rules), 0o644); err != nil {
		log.Fatal(err)
	}
	readme := filepath.Join(*root, "README.md")
	old, err := os.ReadFile(readme)
	if err != nil {
		log.Fatal(err)
	}
	updated, err := rulesdoc.SpliceTable(old, rulesdoc.Table(analyzers.Rules, "docs/rules.md"))
	if err != nil {
		log.Fatalf("%s: %v", readme, err)
	}
	if err := os.WriteFile(readme, updated, 0o644); err != nil {
		log.Fatal(err)
	}
}
