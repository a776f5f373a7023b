package main

import (
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
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

// golangci-lint v2.15.0 with jobqlint's plugin, built from the Go module
// proxy by tools/golangci/internal/gcl (what `golangci-lint custom` would
// build from a clone of golangci-lint's repository). It is built once per
// test run; the go build cache makes later runs quick.
var gcl struct {
	once sync.Once
	path string
	err  error
}

func customGolangci(t *testing.T) string {
	t.Helper()
	if testing.Short() && os.Getenv("CI") != "true" {
		t.Skip("-short: building golangci-lint takes minutes")
	}
	gcl.once.Do(func() {
		gcl.path = filepath.Join(filepath.Dir(jobqlintBin), "custom-gcl")
		cmd := exec.Command("go", "build", "-o", gcl.path, "./internal/gcl")
		cmd.Dir = filepath.Join("..", "..", "tools", "golangci")
		if out, err := cmd.CombinedOutput(); err != nil {
			gcl.err = fmt.Errorf("building golangci-lint with the plugin: %v\n%s", err, out)
		}
	})
	require.NoError(t, gcl.err)
	return gcl.path
}

type golangciIssue struct {
	Rule, File string
	Line       int
	Message    string
}

// sqlPrefix is where a finding in a migration really is: the plugin moves it
// to Go code and starts its message with the migration's position.
var sqlPrefix = regexp.MustCompile(`^(\S+\.sql):(\d+):\d+: `)

// runGolangci runs the custom golangci-lint with tools/golangci/.golangci.yml
// in dir, with an empty cache, and returns its issues, related
// positions left out, at the positions jobqlint reports them.
func runGolangci(t *testing.T, dir string) []golangciIssue {
	t.Helper()
	config, err := filepath.Abs(filepath.Join("..", "..", "tools", "golangci", ".golangci.yml"))
	require.NoError(t, err)
	cmd := exec.Command(customGolangci(t), "run", "--config", config, "--path-mode", "abs", "--output.json.path", "stdout", "--output.text.path", "stderr", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
		t.Fatalf("golangci-lint: %v\n%s", err, stderr.String())
	}
	var report struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename string
				Line     int
			}
		}
	}
	first, _, _ := bytes.Cut(out, []byte("\n"))
	require.NoError(t, json.Unmarshal(first, &report), "%s\n%s", out, stderr.String())
	abs, err := filepath.Abs(dir)
	require.NoError(t, err)
	var issues []golangciIssue
	for _, is := range report.Issues {
		require.Equal(t, "jobqlint", is.FromLinter)
		rule, msg, ok := strings.Cut(is.Text, ": ")
		require.True(t, ok, is.Text)
		if strings.HasSuffix(rule, "(related information)") {
			continue
		}
		file, err := filepath.Rel(abs, is.Pos.Filename)
		require.NoError(t, err)
		line := is.Pos.Line
		if m := sqlPrefix.FindStringSubmatch(msg); m != nil {
			file = m[1]
			fmt.Sscan(m[2], &line)
			msg = msg[len(m[0]):]
		}
		issues = append(issues, golangciIssue{Rule: rule, File: filepath.ToSlash(file), Line: line, Message: msg})
	}
	return issues
}

// golangci-lint with the plugin finds what jobqlint finds on the seed.
func TestGolangciLintPluginOnSeed(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "seedpr")
	var got []string
	for _, is := range runGolangci(t, dir) {
		got = append(got, fmt.Sprintf("%s:%d %s", is.File, is.Line, is.Rule))
	}
	sort.Strings(got)
	require.Equal(t, standaloneFindings(t, dir), got)
	require.Equal(t, markers(t, dir), got)
}

// Suppression holds under golangci-lint: the module of the ignore script.
func TestGolangciLintPluginIgnore(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("testdata", "script", "ignore.txtar"))
	require.NoError(t, err)
	dir := t.TempDir()
	for _, f := range ar.Files {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(f.Name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644))
	}
	sum, err := os.ReadFile(filepath.Join("..", "..", "testdata", "seedpr", "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))

	var got []string
	for _, is := range runGolangci(t, dir) {
		got = append(got, fmt.Sprintf("%s:%d %s: %s", is.File, is.Line, is.Rule, is.Message))
	}
	sort.Strings(got)
	want := []string{
		`migrations/001_jobs.sql:5 timestamptz: jobqlint:ignore timestamptz sessions are UTC suppresses nothing`,
		`migrations/001_jobs.sql:7 timestamptz: jobs.created_at is timestamp without time zone`,
		`queue/queue.go:24 claimrace: jobqlint:ignore claimrace nothing here suppresses nothing`,
		`queue/queue.go:30 claimrace: jobqlint:ignore clamerace a typo: "clamerace" is not a jobqlint rule`,
		`queue/queue.go:31 lease: jobqlint:ignore lease gives no reason`,
	}
	require.Len(t, got, len(want), "%s", strings.Join(got, "\n"))
	for i := range want {
		require.True(t, strings.HasPrefix(got[i], want[i]), "%s\nwant prefix %s", got[i], want[i])
	}
}
