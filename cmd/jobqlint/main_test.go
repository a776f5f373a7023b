package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// jobqlintBin is the jobqlint binary built for the end-to-end tests: the CLI
// is tested as users run it, in both modes.
var jobqlintBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "jobqlint-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	jobqlintBin = filepath.Join(dir, "jobqlint")
	if out, err := exec.Command("go", "build", "-o", jobqlintBin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building jobqlint: %v\n%s", err, out)
		os.Exit(1)
	}
	code := pgtest.Main(m) // -verify's -dsn tests use the pgtest server
	os.RemoveAll(dir)
	os.Exit(code)
}

// goEnv returns the go command's settings that a child process with a
// minimal environment needs.
func goEnv(t testing.TB) map[string]string {
	env := map[string]string{}
	for _, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOPROXY", "GOFLAGS", "GOSUMDB", "GONOSUMDB", "GOTOOLCHAIN", "GOROOT"} {
		out, err := exec.Command("go", "env", k).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", k, err)
		}
		if v := string(out[:len(out)-1]); v != "" {
			env[k] = v
		}
	}
	return env
}
