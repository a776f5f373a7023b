package docstest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the repository root, from this package's directory.
var root = filepath.Join("..", "..")

// The README is read in five minutes: at most 250 lines, and it keeps the
// two commands a newcomer runs first.
func TestReadme(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if n := strings.Count(text, "\n"); n > 250 {
		t.Errorf("README.md has %d lines, want at most 250: move detail into docs/", n)
	}
	for _, cmd := range []string{
		"\n    go run ./cmd/jobqlint -C testdata/seedpr ./...\n",
		"\n    go test ./...\n",
		"\n    git clone https://github.com/jobqlint/jobqlint && cd jobqlint && go install ./cmd/jobqlint\n",
	} {
		if !strings.Contains(text, cmd) {
			t.Errorf("README.md lacks the command %q", strings.TrimSpace(cmd))
		}
	}
}

// User documentation speaks of the tool as it is: no issue numbers, branch
// names or "last session" history.
func TestUserDocsHaveNoHistory(t *testing.T) {
	history := regexp.MustCompile(`(?i)\bissues? \d+|\bi\d+-[a-z]+\b|\b(last|previous) session\b`)
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range append(pages, filepath.Join(root, "README.md")) {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := history.FindString(line); m != "" {
				t.Errorf("%s:%d: %q: user docs carry no history", page, i+1, m)
			}
		}
	}
}
