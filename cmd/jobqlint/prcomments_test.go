package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A span is where a format places a finding: a path and its first and last
// line.
type span struct {
	path       string
	start, end int
	rule       string
}

// addedLines reads `git diff -U0` output: the lines each file gained, by
// path relative to the repository root.
func addedLines(t *testing.T, diff []byte) map[string]map[int]bool {
	t.Helper()
	out := map[string]map[int]bool{}
	hunk := regexp.MustCompile(`^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@`)
	var file string
	sc := bufio.NewScanner(bytes.NewReader(diff))
	for sc.Scan() {
		l := sc.Text()
		if p, ok := strings.CutPrefix(l, "+++ b/"); ok {
			file = p
			continue
		}
		m := hunk.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		start, _ := strconv.Atoi(m[1])
		n := 1
		if m[2] != "" {
			n, _ = strconv.Atoi(m[2])
		}
		if out[file] == nil {
			out[file] = map[int]bool{}
		}
		for i := start; i < start+n; i++ {
			out[file][i] = true // with -U0, every line of a hunk's new side is added
		}
	}
	return out
}

// commented applies reviewdog's -filter-mode=added: a finding is reported
// when a line of its range (its start line when it has no end) was added.
func commented(spans []span, added map[string]map[int]bool) []string {
	var got []string
	for _, s := range spans {
		end := max(s.end, s.start)
		for l := s.start; l <= end; l++ {
			if added[s.path][l] {
				got = append(got, fmt.Sprintf("%s:%d %s", s.path, s.start, s.rule))
				break
			}
		}
	}
	sort.Strings(got)
	return got
}

func rdjsonlSpans(t *testing.T, out []byte) []span {
	var spans []span
	for _, l := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
		var d rdDiagnostic
		require.NoError(t, json.Unmarshal(l, &d), "%s", l)
		s := span{path: d.Location.Path, start: d.Location.Range.Start.Line, rule: d.Code.Value}
		if d.Location.Range.End != nil {
			s.end = d.Location.Range.End.Line
		}
		spans = append(spans, s)
	}
	return spans
}

func sarifSpans(t *testing.T, out []byte) []span {
	var doc struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						Region           struct {
							StartLine int `json:"startLine"`
							EndLine   int `json:"endLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal(out, &doc))
	var spans []span
	for _, r := range doc.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		spans = append(spans, span{path: loc.ArtifactLocation.URI, start: loc.Region.StartLine, end: loc.Region.EndLine, rule: r.RuleID})
	}
	return spans
}

func githubSpans(t *testing.T, out []byte) []span {
	line := regexp.MustCompile(`^::\w+ file=([^,]+),line=(\d+),col=\d+(?:,endLine=(\d+))?(?:,endColumn=\d+)?,title=jobqlint (\w+) `)
	var spans []span
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		m := line.FindStringSubmatch(l)
		require.NotNil(t, m, l)
		s := span{path: m[1], rule: m[4]}
		s.start, _ = strconv.Atoi(m[2])
		s.end, _ = strconv.Atoi(m[3])
		spans = append(spans, s)
	}
	return spans
}

// A pull request that edits only the SQL inside a multi-line
// QueryRow(ctx, `...`) gets the finding about that SQL as a comment: the
// finding starts at the call and its range ends with the SQL, in rdjsonl,
// SARIF and GitHub annotations alike. Findings elsewhere stay silent.
func TestPRCommentsOnChangedSQL(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	require.NoError(t, os.CopyFS(repo, os.DirFS(filepath.Join("..", "..", "testdata", "seedpr"))))
	git := func(args ...string) []byte {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
		return out
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-qm", "seed")

	// The claim's poll orders by run_at, id: only line 61, inside the SQL
	// of the QueryRow that starts on line 57, changes.
	file := filepath.Join(repo, "queue", "queue.go")
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	lines := strings.Split(string(src), "\n")
	require.Equal(t, "\t\tORDER BY run_at", lines[60])
	require.Contains(t, lines[56], "w.Pool.QueryRow(ctx, `")
	lines[60] = "\t\tORDER BY run_at, id"
	require.NoError(t, os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644))
	added := addedLines(t, git("diff", "-U0"))
	require.Equal(t, map[string]map[int]bool{"queue/queue.go": {61: true}}, added)

	want := []string{"queue/queue.go:57 claimrace"}
	for format, spans := range map[string]func(*testing.T, []byte) []span{
		"rdjsonl": rdjsonlSpans, "sarif": sarifSpans, "github": githubSpans,
	} {
		got := spans(t, runFormat(t, repo, format))
		require.Len(t, got, 9, format)
		require.Equal(t, want, commented(got, added), format)
	}
}
