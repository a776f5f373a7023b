// Command mutate runs mutation testing over jobqlint's rule logic: gremlins
// v0.6.0, one package at a time, with the analysistest fixtures (testdata)
// excluded, and prints per package how many covered mutants the package's
// tests killed. It is too slow for go test ./... or .ci/run (each mutant
// reruns a package's tests); run it before closing an issue that changes
// rule logic:
//
//	go run ./internal/mutate                      # every rule package, queuemodel and sqlcheck
//	go run ./internal/mutate analyzers/lease      # some packages
//	go run ./internal/mutate -report /tmp/mutate  # summarise an earlier run's results again
//
// Each package's gremlins result is kept as JSON in -out. A mutant that
// lived is listed by position: either a test is missing, or the mutant is
// equivalent (the mutated code behaves the same).
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// defaultPackages returns the rule packages (the directories under
// analyzers/ with a rule record), the model they share and the SQL layer.
func defaultPackages(root string) []string {
	records, _ := filepath.Glob(filepath.Join(root, "analyzers", "*", "rule.txtar"))
	var pkgs []string
	for _, r := range records {
		rel, _ := filepath.Rel(root, filepath.Dir(r))
		pkgs = append(pkgs, filepath.ToSlash(rel))
	}
	return append(pkgs, "analyzers/queuemodel", "sqlcheck")
}

func main() {
	var (
		gremlins = flag.String("gremlins", "go run github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0", "the gremlins command (a binary of v0.6.0 is faster)")
		out      = flag.String("out", filepath.Join(os.TempDir(), "jobqlint-mutate"), "directory for each package's gremlins JSON")
		coef     = flag.Int("timeout-coefficient", 5, "a mutant's tests time out after this many times the coverage run")
		workers  = flag.Int("workers", 1, "mutants tested at once")
		report   = flag.String("report", "", "only summarise the JSON results in this directory")
	)
	flag.Parse()
	if *report != "" {
		os.Exit(summarise(*report, flag.Args()))
	}
	root, err := moduleRoot()
	if err != nil {
		fatal(err)
	}
	pkgs := flag.Args()
	if len(pkgs) == 0 {
		pkgs = defaultPackages(root)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fatal(err)
	}
	for _, pkg := range pkgs {
		args := append(strings.Fields(*gremlins), "unleash",
			"--workers", strconv.Itoa(*workers),
			"--timeout-coefficient", strconv.Itoa(*coef),
			"--exclude-files", `(^|/)testdata/`,
			"--output", resultFile(*out, pkg),
			filepath.Join(root, filepath.FromSlash(pkg)))
		fmt.Fprintf(os.Stderr, "== %s\n", pkg)
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Stdout, cmd.Stderr = root, os.Stderr, os.Stderr
		// gremlins times a mutant's tests out at a multiple of its coverage
		// run; a coverage run go test answers from its cache takes a second,
		// and every mutant would time out.
		cmd.Env = append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -count=1"))
		if err := cmd.Run(); err != nil {
			fatal(fmt.Errorf("%s: %v", pkg, err))
		}
	}
	os.Exit(summarise(*out, pkgs))
}

// summarise prints the results of pkgs (all results in dir when none)
// and returns the exit code: 1 when a result cannot be read.
func summarise(dir string, pkgs []string) int {
	if len(pkgs) == 0 {
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, f := range files {
			pkgs = append(pkgs, strings.ReplaceAll(strings.TrimSuffix(filepath.Base(f), ".json"), "_", "/"))
		}
	}
	var results []Result
	for _, pkg := range pkgs {
		data, err := os.ReadFile(resultFile(dir, pkg))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		r, err := Parse(pkg, data)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", pkg, err)
			return 1
		}
		results = append(results, r)
	}
	fmt.Print(Format(results))
	return 0
}

func resultFile(dir, pkg string) string {
	return filepath.Join(dir, strings.ReplaceAll(pkg, "/", "_")+".json")
}

func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("not in a module")
	}
	return filepath.Dir(gomod), nil
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "mutate:", err)
	os.Exit(1)
}
