package main

import (
	"fmt"
	"io"
)

// exitCodes says what each exit code of the standalone mode means: -help
// prints it, and the table of docs/configuration-and-adoption.md, which
// gives the details, is checked against it (exitcodes_test.go).
var exitCodes = []struct {
	code    int
	meaning string
}{
	{exitClean, "no findings at or above -fail-on"},
	{exitFindings, "findings at or above -fail-on"},
	{exitIncomplete, "some packages have errors (on stderr): the code they leave untyped was not analyzed; the rest was, and its findings are printed"},
	{exitError, "nothing could be analyzed (no package builds, or the load or the analysis failed), or the action asked for was not done"},
	{exitUsage, "usage error: a bad flag, configuration or baseline, or patterns that match no package"},
}

func printExitCodes(w io.Writer) {
	fmt.Fprintf(w, "\nexit codes (standalone; under go vet, go vet's):\n")
	for _, c := range exitCodes {
		fmt.Fprintf(w, "  %d  %s\n", c.code, c.meaning)
	}
}
