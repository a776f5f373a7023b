// Command gcl is golangci-lint v2 with the jobqlint plugin compiled in: the
// binary `golangci-lint custom` would build, built here from the Go module
// proxy instead of a clone of golangci-lint's repository. jobqlint's tests
// build it to run golangci-lint on the seed module.
package main

import (
	"fmt"
	"os"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/jobqlint/jobqlint/tools/golangci"
)

func main() {
	info := commands.BuildInfo{Version: "2.15.0-jobqlint", Commit: "?", Date: "", GoVersion: "go"}
	if err := commands.Execute(info); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
