package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestScripts runs the CLI suites in testdata/script: modes, output, exit
// codes and -fix, on the built binary. Each script gets copies of the seed
// pair in $WORK/seedpr and $WORK/seedfixed, and $JOBQLINT for go vet.
func TestScripts(t *testing.T) {
	env := goEnv(t)
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "script"),
		Setup: func(e *testscript.Env) error {
			e.Setenv("PATH", filepath.Dir(jobqlintBin)+string(os.PathListSeparator)+os.Getenv("PATH"))
			e.Setenv("JOBQLINT", jobqlintBin)
			for k, v := range env {
				e.Setenv(k, v)
			}
			for _, fixture := range []string{"seedpr", "seedfixed"} {
				if err := os.CopyFS(filepath.Join(e.WorkDir, fixture), os.DirFS(filepath.Join("..", "..", "testdata", fixture))); err != nil {
					return err
				}
			}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"status": status},
	})
}

// status N command [args...] runs a command and fails unless it exits with
// status N; stdout and stderr are kept for the lines that follow.
func status(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: %v", err)
	}
	got := 0
	var exit *exec.ExitError
	if err := ts.Exec(args[1], args[2:]...); errors.As(err, &exit) {
		got = exit.ExitCode()
	} else if err != nil {
		ts.Fatalf("%v", err)
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}
