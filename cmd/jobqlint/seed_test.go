package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/seedtest"
)

// The seed pair is the project's demo and main fixture: seedpr must yield
// exactly the findings its `defect: RULE` markers announce (for the rules
// jobqlint has), once each, in both modes; seedfixed must yield none.

func TestSeedPRFindingsAreItsMarkers(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "seedpr")
	want := markers(t, dir)
	require.NotEmpty(t, want)

	standalone := standaloneFindings(t, dir)
	require.Equal(t, want, standalone, "standalone findings must be the markers")

	vet := vetFindings(t, dir)
	require.Equal(t, want, vet, "go vet findings must be the markers")
}

func TestSeedFixedIsClean(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "seedfixed")
	require.Empty(t, markers(t, dir))
	require.Empty(t, standaloneFindings(t, dir))
	require.Empty(t, vetFindings(t, dir))
}

// markers returns the seed markers under dir (see seedtest.Markers).
func markers(t *testing.T, dir string) []string {
	out, err := seedtest.Markers(dir)
	require.NoError(t, err)
	return out
}

// standaloneFindings runs `jobqlint -json ./...` in dir, with paths
// relative to dir (not to the repository that holds testdata/seedpr).
func standaloneFindings(t *testing.T, dir string) []string {
	cmd := exec.Command(jobqlintBin, "-path-base", ".", "-json", "./...")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == exitFindings) {
		t.Fatalf("jobqlint: %v\n%s", err, stderr.String())
	}
	var fs []jsonFinding
	require.NoError(t, json.Unmarshal(out, &fs), "%s", out)
	var got []string
	for _, f := range fs {
		require.False(t, filepath.IsAbs(f.File), "paths are relative to the directory jobqlint ran in: %s", f.File)
		got = append(got, fmt.Sprintf("%s:%d %s", filepath.ToSlash(f.File), f.Line, f.Rule))
	}
	sort.Strings(got)
	return got
}

// vetFindings runs `go vet -vettool=jobqlint -json ./...` in dir. (go vet
// may replay a cached result for an unchanged binary and package; what it
// replays is what the tool printed.)
func vetFindings(t *testing.T, dir string) []string {
	cmd := exec.Command("go", "vet", "-vettool="+jobqlintBin, "-json", "./...")
	cmd.Dir = dir
	cmd.Env = os.Environ()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Run(), "%s", out.String())

	abs, _ := filepath.Abs(dir)
	var got []string
	dec := json.NewDecoder(bytes.NewReader(jsonOnly(out.Bytes())))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else {
			require.NoError(t, err, "%s", out.String())
		}
		for _, byAnalyzer := range tree {
			for name, raw := range byAnalyzer {
				var diags []struct{ Posn string }
				require.NoError(t, json.Unmarshal(raw, &diags), "%s: %s", name, raw)
				for _, d := range diags {
					file, line := splitPosn(d.Posn)
					rel, _ := filepath.Rel(abs, file)
					got = append(got, fmt.Sprintf("%s:%s %s", rel, line, name))
				}
			}
		}
	}
	sort.Strings(got)
	return got
}

// jsonOnly drops the "# package" lines go vet prints before each package's JSON.
func jsonOnly(b []byte) []byte {
	var out []byte
	for _, line := range bytes.SplitAfter(b, []byte("\n")) {
		if !bytes.HasPrefix(line, []byte("#")) {
			out = append(out, line...)
		}
	}
	return out
}

func splitPosn(posn string) (file, line string) {
	parts := strings.Split(posn, ":")
	if len(parts) < 3 {
		return posn, ""
	}
	return strings.Join(parts[:len(parts)-2], ":"), parts[len(parts)-2]
}
