package main

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// jobqlint writes nothing unless -fix is given, and opens no network
// connection: run in both modes on a copy of the seed, inside a network
// namespace of its own (no interface but a down loopback), the module's
// files are left byte for byte, mode and time as they were.
func TestWritesNothingAndNeedsNoNetwork(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "seedpr"))))
	before := snapshot(t, dir)

	isolated := noNetwork(t)
	env := []string{"GOPROXY=off", "GOFLAGS=-mod=readonly"}
	run := func(want int, name string, args ...string) {
		cmd := exec.Command(name, args...)
		if isolated {
			cmd = exec.Command("unshare", append([]string{"-rn", name}, args...)...)
		}
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		require.Equal(t, want, code, "%s %s:\n%s", name, strings.Join(args, " "), out)
	}
	run(exitFindings, jobqlintBin, "./...")
	run(exitFindings, jobqlintBin, "-json", "./...")
	run(1, "go", "vet", "-vettool="+jobqlintBin, "./...")
	require.Equal(t, before, snapshot(t, dir), "a run without -fix changed the module")

	// The snapshot sees edits: -fix makes some.
	run(exitFindings, jobqlintBin, "-fix", "./...")
	require.NotEqual(t, before, snapshot(t, dir))
}

// noNetwork reports whether commands can be run without a network
// (unshare -rn: a new user and network namespace). Only a laptop that
// lacks them may skip that part; CI must have them.
func noNetwork(t *testing.T) bool {
	err := exec.Command("unshare", "-rn", "true").Run()
	if err == nil {
		return true
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("unshare -rn: %v (util-linux, with user namespaces enabled)", err)
	}
	t.Logf("unshare -rn: %v; running with the network", err)
	return false
}

// snapshot records every file and directory under dir: mode, time, content.
func snapshot(t *testing.T, dir string) map[string]string {
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		entry := fmt.Sprintf("%v %d", info.Mode(), info.ModTime().UnixNano())
		if info.Mode().IsRegular() {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			entry += fmt.Sprintf(" %x", sha256.Sum256(b))
		}
		out[path] = entry
		return nil
	})
	require.NoError(t, err)
	return out
}

// A migration the tool cannot read is reported at the file, and the rest
// of the schema still counts. Root reads any file whatever its mode, so as
// root the tool runs as nobody (runuser); the module then has no
// dependencies, so the go command needs nothing of root's.
func TestUnreadableMigration(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("file modes")
	}
	top, err := os.MkdirTemp("", "jobqlint-unreadable-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(top) })
	require.NoError(t, os.Chmod(top, 0o755))
	mod := filepath.Join(top, "mod")
	files := map[string]string{
		"go.mod":            "module example.com/unreadable\n\ngo 1.26\n",
		"db/001_jobs.sql":   "CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamp NOT NULL);\n",
		"db/002_secret.sql": "ALTER TABLE jobs ALTER COLUMN run_at TYPE timestamptz;\n",
		"worker/worker.go":  unreadableWorker,
	}
	for name, content := range files {
		path := filepath.Join(mod, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
	secret := filepath.Join(mod, "db", "002_secret.sql")
	require.NoError(t, os.Chmod(secret, 0o000))

	bin := filepath.Join(top, "jobqlint")
	b, err := os.ReadFile(jobqlintBin)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(bin, b, 0o755))

	cmd := exec.Command(bin, "./...")
	if os.Geteuid() == 0 {
		home := filepath.Join(top, "home")
		require.NoError(t, os.Mkdir(home, 0o755))
		require.NoError(t, os.Chown(home, 65534, 65534))
		goroot, err := exec.Command("go", "env", "GOROOT").Output()
		require.NoError(t, err)
		cmd = exec.Command("runuser", "-u", "nobody", "--", "env",
			"HOME="+home, "GOCACHE="+filepath.Join(home, "cache"), "GOPATH="+filepath.Join(home, "go"),
			"GOTOOLCHAIN=local", "GOFLAGS=", "PATH="+filepath.Join(strings.TrimSpace(string(goroot)), "bin")+":/usr/bin:/bin",
			bin, "./...")
		cmd.Env = []string{}
	}
	cmd.Dir = mod
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "%v\n%s", err, out)
	require.Equal(t, exitFindings, exit.ExitCode(), "%s", out)
	require.Contains(t, string(out), "db/002_secret.sql:1:1: sqlsyntax: migration cannot be read: open: permission denied\n")
	// Without the ALTER, run_at is still timestamp: the rest was replayed.
	require.Contains(t, string(out), "db/001_jobs.sql:1:75: timestamptz: jobs.run_at")
}

const unreadableWorker = `package worker

type Row interface{ Scan(dest ...any) error }

type DB interface {
	Exec(sql string, args ...any) (int64, error)
	QueryRow(sql string, args ...any) Row
}

func Claim(db DB) (id int64, err error) {
	err = db.QueryRow(` + "`" + `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id` + "`" + `).Scan(&id)
	return id, err
}

func Reclaim(db DB) error {
	_, err := db.Exec(` + "`" + `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()` + "`" + `)
	return err
}
`

// Only -verify can open a connection: package net reaches the binary
// through internal/verify alone, never through the rules or the SQL reading
// that go vet runs (pg_query's C code is a parser only).
func TestNetOnlyForVerify(t *testing.T) {
	t.Parallel()
	deps := func(pkgs ...string) []string {
		out, err := exec.Command("go", append([]string{"list", "-deps"}, pkgs...)...).Output()
		require.NoError(t, err)
		return strings.Fields(string(out))
	}
	rules := deps("github.com/jobqlint/jobqlint/analyzers", "github.com/jobqlint/jobqlint/sqlcheck")
	require.Contains(t, rules, "os/exec", "the listing is the packages' dependencies")
	require.NotContains(t, rules, "net")
	require.Contains(t, deps("."), "net", "-verify's driver links net")
	require.Contains(t, deps("github.com/jobqlint/jobqlint/internal/verify"), "net")
}
