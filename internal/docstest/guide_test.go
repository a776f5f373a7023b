package docstest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A fence is one fenced code block of a Markdown page.
type fence struct {
	info string // the info string: "go testdata/seedpr/queue/queue.go"
	text string
	line int // the line of the opening fence
}

func fences(md string) []fence {
	var out []fence
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		f := fence{info: strings.TrimSpace(strings.TrimPrefix(lines[i], "```")), line: i + 1}
		var body []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			body = append(body, lines[i])
		}
		f.text = strings.Join(body, "\n")
		out = append(out, f)
	}
	return out
}

// findings splits jobqlint's text output into findings: a line, then the
// related positions indented under it with a tab.
func findings(text string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if strings.HasPrefix(l, "\t") && len(out) > 0 {
			out[len(out)-1] += "\n" + l
			continue
		}
		out = append(out, l)
	}
	return out
}

// buildJobqlint builds the tool once per test binary run.
func buildJobqlint(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "jobqlint")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/jobqlint")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/jobqlint: %v\n%s", err, out)
	}
	return bin
}

// The review guide shows, for each defect of the seed pull request, what
// jobqlint prints: every finding of a run on testdata/seedpr is in a
// `jobqlint-output` block of the guide, exactly as printed, and the guide
// shows no finding the run does not print. Its code excerpts (blocks whose
// info string names a file) are copied from those files.
func TestReviewGuide(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(root, "docs", "review-guide.md"))
	if err != nil {
		t.Fatal(err)
	}
	var shown []string
	excerpts := 0
	for _, f := range fences(string(page)) {
		lang, file, _ := strings.Cut(f.info, " ")
		switch {
		case lang == "jobqlint-output":
			shown = append(shown, findings(f.text)...)
		case file != "":
			excerpts++
			src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
			if err != nil {
				t.Errorf("review-guide.md:%d: %v", f.line, err)
				continue
			}
			if !strings.Contains(string(src), f.text+"\n") {
				t.Errorf("review-guide.md:%d: the excerpt is not in %s:\n%s", f.line, file, f.text)
			}
		}
	}
	if excerpts == 0 {
		t.Error("review-guide.md shows no code excerpt")
	}

	cmd := exec.Command(buildJobqlint(t), "./...")
	cmd.Dir = filepath.Join(root, "testdata", "seedpr")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("jobqlint ./... on testdata/seedpr: %v, want exit status 3\n%s", err, stderr.String())
	}
	printed := findings(stdout.String())
	for _, f := range printed {
		if n := count(shown, f); n != 1 {
			t.Errorf("review-guide.md shows this finding %d times, want once:\n%s", n, f)
		}
	}
	for _, f := range shown {
		if !slices.Contains(printed, f) {
			t.Errorf("review-guide.md shows a finding jobqlint does not print on testdata/seedpr:\n%s", f)
		}
	}
}

func count(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}
