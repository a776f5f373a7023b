package golangcitest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
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

	"github.com/jobqlint/jobqlint/internal/seedtest"
)

var root = filepath.Join("..", "..")

// bin holds golangci-lint v2.15.0 with jobqlint's plugin, built from the Go
// module proxy by tools/golangci/internal/gcl (what `golangci-lint custom`
// would build from a clone of golangci-lint's repository), and jobqlint.
// Each is built once per test run; the go build cache makes later runs
// quick.
var bin struct {
	once          sync.Once
	gcl, jobqlint string
	err           error
}

func build(t *testing.T) {
	t.Helper()
	if testing.Short() && os.Getenv("CI") != "true" {
		t.Skip("-short: building golangci-lint takes minutes")
	}
	bin.once.Do(func() {
		dir, err := os.MkdirTemp("", "golangcitest-")
		if err != nil {
			bin.err = err
			return
		}
		bin.gcl, bin.jobqlint = filepath.Join(dir, "custom-gcl"), filepath.Join(dir, "jobqlint")
		for _, b := range []struct{ out, dir, pkg string }{
			{bin.gcl, filepath.Join(root, "tools", "golangci"), "./internal/gcl"},
			{bin.jobqlint, root, "./cmd/jobqlint"},
		} {
			cmd := exec.Command("go", "build", "-o", b.out, b.pkg)
			cmd.Dir = b.dir
			if out, err := cmd.CombinedOutput(); err != nil {
				bin.err = fmt.Errorf("building %s: %v\n%s", b.pkg, err, out)
				return
			}
		}
	})
	require.NoError(t, bin.err)
}

func TestMain(m *testing.M) {
	code := m.Run()
	if bin.gcl != "" {
		os.RemoveAll(filepath.Dir(bin.gcl))
	}
	os.Exit(code)
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
	config, err := filepath.Abs(filepath.Join(root, "tools", "golangci", ".golangci.yml"))
	require.NoError(t, err)
	return runGolangciWith(t, dir, config)
}

// runGolangciWith runs it with the configuration file config.
func runGolangciWith(t *testing.T, dir, config string) []golangciIssue {
	t.Helper()
	build(t)
	// --allow-parallel-runners: another golangci-lint on the machine must
	// not fail the test.
	cmd := exec.Command(bin.gcl, "run", "--config", config, "--path-mode", "abs", "--allow-parallel-runners", "--output.json.path", "stdout", "--output.text.path", "stderr", "./...")
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
	dir := filepath.Join(root, "testdata", "seedpr")
	var got []string
	for _, is := range runGolangci(t, dir) {
		got = append(got, fmt.Sprintf("%s:%d %s", is.File, is.Line, is.Rule))
	}
	sort.Strings(got)
	require.Equal(t, jobqlintFindings(t, dir), got)
	markers, err := seedtest.Markers(dir)
	require.NoError(t, err)
	require.Equal(t, markers, got)
}

// jobqlintFindings runs `jobqlint -json ./...` in dir.
func jobqlintFindings(t *testing.T, dir string) []string {
	t.Helper()
	cmd := exec.Command(bin.jobqlint, "-path-base", ".", "-json", "./...")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 3) {
		t.Fatalf("jobqlint: %v\n%s", err, stderr.String())
	}
	var findings []struct {
		Rule, File string
		Line       int
	}
	require.NoError(t, json.Unmarshal(out, &findings), "%s", out)
	abs, err := filepath.Abs(dir)
	require.NoError(t, err)
	var got []string
	for _, f := range findings {
		rel := f.File // relative to -path-base
		if filepath.IsAbs(rel) {
			rel, err = filepath.Rel(abs, f.File)
			require.NoError(t, err)
		}
		got = append(got, fmt.Sprintf("%s:%d %s", filepath.ToSlash(rel), f.Line, f.Rule))
	}
	sort.Strings(got)
	return got
}

// Suppression holds under golangci-lint: the module of cmd/jobqlint's
// ignore script, which checks the other two drivers.
func TestGolangciLintPluginIgnore(t *testing.T) {
	dir := scriptModule(t, "ignore.txtar")

	var got []string
	for _, is := range runGolangci(t, dir) {
		got = append(got, fmt.Sprintf("%s:%d %s: %s", is.File, is.Line, is.Rule, is.Message))
	}
	sort.Strings(got)
	want := []string{
		`migrations/001_jobs.sql:10 directive: jobqlint:ignore pollindex built later suppresses nothing: it applies to line 11, which holds no SQL statement`,
		`migrations/001_jobs.sql:5 timestamptz: jobqlint:ignore timestamptz sessions are UTC suppresses nothing`,
		`migrations/001_jobs.sql:7 timestamptz: jobs.created_at is timestamp without time zone`,
		`queue/queue.go:24 claimrace: jobqlint:ignore claimrace nothing here suppresses nothing`,
		`queue/queue.go:30 directive: jobqlint:ignore clamerace a typo: "clamerace" is not a jobqlint rule, so it suppresses nothing`,
		`queue/queue.go:31 directive: jobqlint:ignore lease gives no reason`,
		`queue/queue.go:35 directive: // jobqlint:ignore does nothing: with a space after // it is a comment, not a directive`,
	}
	require.Len(t, got, len(want), "%s", strings.Join(got, "\n"))
	for i := range want {
		require.True(t, strings.HasPrefix(got[i], want[i]), "%s\nwant prefix %s", got[i], want[i])
	}
}

// The plugin's settings are jobqlint's configuration: rules turned off
// there do not run; a setting golangci-lint has its own way for is refused.
func TestGolangciLintPluginSettings(t *testing.T) {
	dir := filepath.Join(root, "testdata", "seedpr")
	base, err := os.ReadFile(filepath.Join(root, "tools", "golangci", ".golangci.yml"))
	require.NoError(t, err)
	const marker = "        original-url: github.com/jobqlint/jobqlint\n"
	require.Contains(t, string(base), marker)
	withSettings := func(settings string) string {
		file := filepath.Join(t.TempDir(), ".golangci.yml")
		require.NoError(t, os.WriteFile(file, []byte(strings.Replace(string(base), marker, marker+settings, 1)), 0o644))
		return file
	}

	config := withSettings("        settings:\n          disable: [claimrace, pollindex]\n")
	rules := map[string]int{}
	for _, is := range runGolangciWith(t, dir, config) {
		rules[is.Rule]++
	}
	require.Zero(t, rules["claimrace"])
	require.Zero(t, rules["pollindex"])
	require.Equal(t, 1, rules["timestamptz"])
	require.Equal(t, 1, rules["lease"])
	require.Equal(t, 1, rules["sigterm"])

	cmd := exec.Command(bin.gcl, "run", "--config", withSettings("        settings:\n          severity: {lease: minor}\n"), "--allow-parallel-runners", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
	out, err := cmd.CombinedOutput()
	require.Error(t, err)
	require.Contains(t, string(out), "severity: set severities with golangci-lint's severity rules")
}

// migrationlock, pinnedconn and txenqueue under golangci-lint: the module
// of cmd/jobqlint's opsrules script, which checks the other two drivers.
// golangci-lint finds what jobqlint finds, these three included.
func TestGolangciLintPluginOpsRules(t *testing.T) {
	dir := scriptModule(t, "opsrules.txtar")

	var got []string
	for _, is := range runGolangci(t, dir) {
		got = append(got, fmt.Sprintf("%s:%d %s", is.File, is.Line, is.Rule))
	}
	sort.Strings(got)
	require.Equal(t, jobqlintFindings(t, dir), got)
	for _, want := range []string{
		"migrations/002_priority.sql:2 migrationlock",
		"queue/leader.go:12 pinnedconn",
		"queue/leader.go:16 pinnedconn",
		"queue/signup.go:19 txenqueue",
	} {
		require.Contains(t, got, want)
	}
}

// scriptModule writes the module of one of cmd/jobqlint's scripts to a
// temporary directory, with the seed's go.sum (the scripts copy it too).
func scriptModule(t *testing.T, script string) string {
	ar, err := txtar.ParseFile(filepath.Join(root, "cmd", "jobqlint", "testdata", "script", script))
	require.NoError(t, err)
	dir := t.TempDir()
	for _, f := range ar.Files {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(f.Name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644))
	}
	sum, err := os.ReadFile(filepath.Join(root, "testdata", "seedpr", "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))
	return dir
}

// Relative schema paths in the plugin's settings have one base, the module
// root, as standalone and under go vet (cmd/jobqlint's config script),
// whether golangci-lint runs at the root or in a package directory.
// testdata/schema.sql, which discovery skips, holds
// the seed's schema with run_at already timestamptz, so naming it removes
// the seed's timestamptz finding and nothing else.
func TestGolangciLintPluginSchemaBase(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join(root, "testdata", "seedpr"))))
	migration, err := os.ReadFile(filepath.Join(dir, "migrations", "001_create_jobs.sql"))
	require.NoError(t, err)
	fixed := strings.Replace(string(migration), "run_at      timestamp ", "run_at      timestamptz ", 1)
	require.NotEqual(t, string(migration), fixed)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "testdata"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "testdata", "schema.sql"), []byte(fixed), 0o644))

	base, err := os.ReadFile(filepath.Join(root, "tools", "golangci", ".golangci.yml"))
	require.NoError(t, err)
	const marker = "        original-url: github.com/jobqlint/jobqlint\n"
	require.Contains(t, string(base), marker)
	config := filepath.Join(t.TempDir(), ".golangci.yml")
	require.NoError(t, os.WriteFile(config, []byte(strings.Replace(string(base), marker, marker+"        settings:\n          schema: [testdata/schema.sql]\n", 1)), 0o644))
	plain, err := filepath.Abs(filepath.Join(root, "tools", "golangci", ".golangci.yml"))
	require.NoError(t, err)

	rules := func(dir, config string) map[string]int {
		got := map[string]int{}
		for _, is := range runGolangciWith(t, dir, config) {
			got[is.Rule]++
		}
		return got
	}
	without := rules(dir, plain)
	require.Equal(t, 1, without["timestamptz"], "%v", without)

	want := maps.Clone(without)
	delete(want, "timestamptz")
	require.Equal(t, want, rules(dir, config), "plugin settings, run at the module root")

	pkg := filepath.Join(dir, "queue") // the package that reports the schema
	withoutInPkg := rules(pkg, plain)
	require.Equal(t, 1, withoutInPkg["timestamptz"], "%v", withoutInPkg)
	wantInPkg := maps.Clone(withoutInPkg)
	delete(wantInPkg, "timestamptz")
	require.Equal(t, wantInPkg, rules(pkg, config), "plugin settings, run in a package directory")
}
