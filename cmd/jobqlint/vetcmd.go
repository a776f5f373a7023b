package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// vetCommand runs `go vet -vettool=THIS_BINARY args...`: the CI line that
// cannot pass without jobqlint (`go vet -vettool=$(which jobqlint)` runs
// plain go vet when jobqlint is not on PATH, and passes). go vet sets the
// exit code: 1 with findings. A -C flag first in args goes before
// -vettool, where go vet takes it.
func vetCommand(args []string, stdout, stderr io.Writer) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "jobqlint vet: cannot find this binary: %v\n", err)
		return exitError
	}
	var chdir []string
	switch {
	case len(args) >= 2 && (args[0] == "-C" || args[0] == "--C"):
		chdir, args = args[:2], args[2:]
	case len(args) >= 1 && (strings.HasPrefix(args[0], "-C=") || strings.HasPrefix(args[0], "--C=")):
		chdir, args = args[:1], args[1:]
	}
	cmd := exec.Command("go", append(append(append([]string{"vet"}, chdir...), "-vettool="+self), args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return exit.ExitCode()
	case err != nil:
		fmt.Fprintf(stderr, "jobqlint vet: %v\n", err)
		return exitError
	}
	return exitClean
}
