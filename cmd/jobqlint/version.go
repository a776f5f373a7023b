package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// versionFlag answers go vet's -V=full. go vet caches each package's result
// under the tool's ID and the package's Go inputs; the schema (.sql files,
// DDL in other packages) is not among those, so a fixed migration would
// leave a stale finding in the cache. The ID therefore covers the binary
// and the schema sources of the module go vet runs in.
type versionFlag struct{}

func (versionFlag) IsBoolFlag() bool { return true }
func (versionFlag) Get() any         { return nil }
func (versionFlag) String() string   { return "" }

func (versionFlag) Set(s string) error {
	if s != "full" {
		return fmt.Errorf("unsupported flag value: -V=%s (use -V=full)", s)
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	h := sha256.New()
	f, err := os.Open(exe)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	srcs, _ := sqlcheck.Discover(moduleRootOf("."))
	for _, src := range srcs {
		fmt.Fprintf(h, "%s\x00%s\x00", src.Path, src.SQL)
	}
	// The format go vet expects: "$progname version devel ... buildID=...".
	fmt.Printf("%s version devel jobqlint buildID=%02x\n", exe, h.Sum(nil))
	os.Exit(0)
	return nil
}
