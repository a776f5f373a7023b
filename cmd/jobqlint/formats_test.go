package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers"
)

// runFormat runs `jobqlint -format F ./...` in dir, which must exit 3
// (findings), and returns its stdout.
func runFormat(t *testing.T, dir, format string) []byte {
	t.Helper()
	cmd := exec.Command(jobqlintBin, "-format", format, "./...")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitFindings {
		t.Fatalf("jobqlint -format %s: %v, want exit status %d\n%s", format, err, exitFindings, stderr.String())
	}
	return out
}

type sarifDoc struct {
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID                   string `json:"id"`
					HelpURI              string `json:"helpUri"`
					DefaultConfiguration struct {
						Level string `json:"level"`
					} `json:"defaultConfiguration"`
					ShortDescription struct{ Text string } `json:"shortDescription"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
		Results            []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			RelatedLocations []struct {
				ID      int `json:"id"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
			} `json:"relatedLocations"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string `json:"uri"`
						URIBaseID string `json:"uriBaseId"`
					} `json:"artifactLocation"`
					Region struct {
						StartLine int `json:"startLine"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
			Fixes               []struct {
				ArtifactChanges []struct {
					Replacements []struct {
						InsertedContent struct{ Text string } `json:"insertedContent"`
					} `json:"replacements"`
				} `json:"artifactChanges"`
			} `json:"fixes"`
		} `json:"results"`
	} `json:"runs"`
}

func TestSARIF(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "..", "testdata", "seedpr")
	out := runFormat(t, dir, "sarif")
	var doc sarifDoc
	require.NoError(t, json.Unmarshal(out, &doc), "%s", out)
	require.Equal(t, "2.1.0", doc.Version)
	require.Len(t, doc.Runs, 1)
	run := doc.Runs[0]

	// Rule metadata comes from the records.
	require.Len(t, run.Tool.Driver.Rules, len(analyzers.Rules))
	for i, r := range analyzers.Rules {
		got := run.Tool.Driver.Rules[i]
		require.Equal(t, r.ID, got.ID)
		require.Equal(t, r.URL(), got.HelpURI)
		require.Equal(t, levels[r.Severity], got.DefaultConfiguration.Level)
		// A title, not an instruction: "Claims two workers can win at the
		// same time", not "Report claims ...".
		require.Equal(t, strings.ToUpper(r.Title[:1])+r.Title[1:], got.ShortDescription.Text)
		require.NotRegexp(t, `^(?i)report\b|\.$`, got.ShortDescription.Text)
	}

	// %SRCROOT% is the git work tree that holds the seed (this
	// repository's checkout), else the directory jobqlint ran in; URIs are
	// relative to it (paths.txtar runs a module in a subfolder).
	root, prefix := repoPrefix(t, dir)
	require.Equal(t, "file://"+filepath.ToSlash(root)+"/", run.OriginalURIBaseIDs[srcRoot].URI)

	var got []string
	fingerprints := map[string]bool{}
	fixes, links := 0, 0
	for _, res := range run.Results {
		// The message links each related location by its id.
		for i, rel := range res.RelatedLocations {
			require.Equal(t, i+1, rel.ID)
			require.Contains(t, res.Message.Text, fmt.Sprintf("[%s](%d)", rel.Message.Text, rel.ID))
			links++
		}
		r := analyzers.Lookup(res.RuleID)
		require.NotNil(t, r, res.RuleID)
		require.Equal(t, res.RuleID, run.Tool.Driver.Rules[res.RuleIndex].ID)
		require.Equal(t, levels[r.Severity], res.Level)
		loc := res.Locations[0].PhysicalLocation
		require.Equal(t, srcRoot, loc.ArtifactLocation.URIBaseID)
		require.False(t, filepath.IsAbs(loc.ArtifactLocation.URI), loc.ArtifactLocation.URI)
		got = append(got, fmt.Sprintf("%s:%d %s", underPrefix(t, prefix, loc.ArtifactLocation.URI), loc.Region.StartLine, res.RuleID))
		fp := res.PartialFingerprints["jobqlint/v1"]
		require.NotEmpty(t, fp)
		require.False(t, fingerprints[fp], "fingerprint %s twice", fp)
		fingerprints[fp] = true
		for _, fx := range res.Fixes {
			fixes++
			require.Equal(t, "timestamptz", res.RuleID)
			require.Equal(t, "timestamptz", fx.ArtifactChanges[0].Replacements[0].InsertedContent.Text)
		}
	}
	sort.Strings(got)
	require.Equal(t, markers(t, dir), got)
	require.Equal(t, 1, fixes, "the seed's run_at carries its fix")
	require.Equal(t, 4, links, "the seed's related positions: the poll, the UPDATE, the scan, the retry")

	validateSARIF(t, out)
}

// validateSARIF runs Microsoft's SARIF Multitool 5.7.0 on a log and fails on
// any error it prints (it exits 0 even then).
func validateSARIF(t *testing.T, log []byte) {
	t.Helper()
	tool := sarifMultitool(t)
	file := filepath.Join(t.TempDir(), "jobqlint.sarif")
	require.NoError(t, os.WriteFile(file, log, 0o644))
	out, err := exec.Command(tool, "validate", file).CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "Analysis completed successfully", "%s", out)
	var errs []string
	for _, line := range strings.Split(string(out), "\n") {
		if regexp.MustCompile(`\): error \w+:`).MatchString(line) {
			errs = append(errs, line)
		}
	}
	require.Empty(t, errs, "sarif-multitool validate")
	t.Logf("sarif-multitool validate: 0 errors\n%s", out)
}

// sarifMultitool finds sarif-multitool 5.7.0: $SARIF_MULTITOOL, or the copy
// under the user cache directory, installed there with npm when missing.
// Without npm it skips, except under CI=true.
func sarifMultitool(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("SARIF_MULTITOOL"); p != "" {
		return p
	}
	cache, err := os.UserCacheDir()
	require.NoError(t, err)
	dir := filepath.Join(cache, "jobqlint", "sarif-multitool")
	bin := filepath.Join(dir, "node_modules", ".bin", "sarif-multitool")
	native := filepath.Join(dir, "node_modules", "@microsoft", "sarif-multitool-linux", "Sarif.Multitool")
	if _, err := os.Stat(bin); err != nil {
		if _, err := exec.LookPath("npm"); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("sarif-multitool: npm is missing (CI=true: .ci/run installs it)")
			}
			t.Skip("sarif-multitool: npm is missing")
		}
		require.NoError(t, os.MkdirAll(dir, 0o755))
		cmd := exec.Command("npm", "install", "--no-audit", "--no-fund", "@microsoft/sarif-multitool@5.7.0")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "npm install: %s", out)
	}
	// npm 11 does not run the package's postinstall, which makes the native
	// binary executable.
	if info, err := os.Stat(native); err == nil && info.Mode()&0o100 == 0 {
		require.NoError(t, os.Chmod(native, info.Mode()|0o100))
	}
	return bin
}

// repoPrefix returns the root of the git work tree that holds dir (else
// dir) and dir relative to it: the path base of the machine-read formats.
func repoPrefix(t *testing.T, dir string) (root, prefix string) {
	t.Helper()
	abs, err := filepath.Abs(dir)
	require.NoError(t, err)
	root = abs
	for d := abs; filepath.Dir(d) != d; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			root = d
			break
		}
	}
	prefix, err = filepath.Rel(root, abs)
	require.NoError(t, err)
	return root, filepath.ToSlash(prefix)
}

// underPrefix returns path, relative to the path base, relative to dir
// (prefix from the base), failing when it is not under it.
func underPrefix(t *testing.T, prefix, path string) string {
	t.Helper()
	rel, err := filepath.Rel(prefix, filepath.FromSlash(path))
	require.NoError(t, err)
	require.False(t, strings.HasPrefix(rel, ".."), path)
	return filepath.ToSlash(rel)
}

func TestGitHubAnnotations(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "..", "testdata", "seedpr")
	out := runFormat(t, dir, "github")
	_, prefix := repoPrefix(t, dir)
	line := regexp.MustCompile(`^::(error|warning) file=([^,:]+),line=(\d+),col=\d+(?:,endLine=\d+(?:,endColumn=\d+)?)?,title=jobqlint (\w+) \((critical|major|minor)\)::([^\r\n]+)$`)
	var got []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		require.NotNil(t, m, "not an annotation: %q", sc.Text())
		r := analyzers.Lookup(m[4])
		require.NotNil(t, r)
		require.Equal(t, r.Severity, m[5])
		want := "warning"
		if r.Severity != "minor" {
			want = "error"
		}
		require.Equal(t, want, m[1])
		require.Contains(t, m[6], "%0A"+r.URL(), "the message ends with the rule's page")
		got = append(got, fmt.Sprintf("%s:%s %s", underPrefix(t, prefix, m[2]), m[3], m[4]))
	}
	sort.Strings(got)
	require.Equal(t, markers(t, dir), got)
}

func TestGitHubEscaping(t *testing.T) {
	require.Equal(t, "100%25 a%0D%0Ab: c, d", escapeData("100% a\r\nb: c, d"))
	require.Equal(t, "a%3Ab%2Cc%25%0A", escapeProperty("a:b,c%\n"))
}

func TestRDJSONL(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "..", "testdata", "seedpr")
	out := runFormat(t, dir, "rdjsonl")
	_, prefix := repoPrefix(t, dir)
	var got []string
	suggestions, related := 0, 0
	for _, l := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
		var d rdDiagnostic
		require.NoError(t, json.Unmarshal(l, &d), "%s", l)
		r := analyzers.Lookup(d.Code.Value)
		require.NotNil(t, r)
		require.Equal(t, r.URL(), d.Code.URL)
		require.Equal(t, "jobqlint", d.Source.Name)
		require.Equal(t, map[string]string{"critical": "ERROR", "major": "ERROR", "minor": "WARNING"}[r.Severity], d.Severity)
		require.False(t, filepath.IsAbs(d.Location.Path))
		got = append(got, fmt.Sprintf("%s:%d %s", underPrefix(t, prefix, d.Location.Path), d.Location.Range.Start.Line, d.Code.Value))
		for _, r := range d.RelatedLocations {
			related++
			require.NotEmpty(t, r.Message)
			require.Equal(t, "queue/queue.go", underPrefix(t, prefix, r.Location.Path), "the seed's related positions are in its queue")
			require.Positive(t, r.Location.Range.Start.Line)
		}
		for _, s := range d.Suggestions {
			suggestions++
			require.Equal(t, "timestamptz", s.Text)
			require.Equal(t, d.Location.Range.Start, s.Range.Start)
			// "timestamp" is replaced: the end is exclusive, 9 bytes on.
			require.Equal(t, rdPosition{s.Range.Start.Line, s.Range.Start.Column + len("timestamp")}, *s.Range.End)
		}
	}
	sort.Strings(got)
	require.Equal(t, markers(t, dir), got)
	require.Equal(t, 1, suggestions, "run_at's fix")
	// The poll of pollindex, the UPDATE of claimrace, the scan of
	// doubledecode, the retry of maxattempts.
	require.Equal(t, 4, related)
}
