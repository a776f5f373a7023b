package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/internal/config"
)

// buildVersion is jobqlint's version from its build info: the module's
// tagged version (v0.3.0, or a pseudo-version for go install @commit), or
// "devel" with the VCS revision for a build from a checkout ("devel
// 1a2b3c4d5e6f", "+dirty" when the tree had changes).
func buildVersion() (version, revision string, dirty bool) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel", "", false
	}
	return versionOf(bi)
}

func versionOf(bi *debug.BuildInfo) (version, revision string, dirty bool) {
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v, revision, dirty
	}
	return "devel", revision, dirty
}

// versionString is -version's: "v0.3.0", or "devel 1a2b3c4d5e6f+dirty".
func versionString() string { return formatVersion(buildVersion()) }

func formatVersion(v, rev string, dirty bool) string {
	if v != "devel" || rev == "" {
		return v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return v + " " + rev
}

// sarifVersion is SARIF's tool version: the tagged version without its
// "v" (consumers compare versions that start with a number), or
// "0.0.0-devel+REVISION".
func sarifVersion() string {
	v, rev, _ := buildVersion()
	return formatSARIFVersion(v, rev)
}

func formatSARIFVersion(v, rev string) string {
	if v != "devel" {
		return strings.TrimPrefix(v, "v")
	}
	if rev == "" {
		return "0.0.0-devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	return "0.0.0-devel+" + rev
}

// versionFlag answers go vet's -V=full. go vet caches each package's result
// under the tool's ID and the package's Go inputs; the schema (.sql files,
// DDL in other packages), the configuration file and what the rules read
// from packages the package does not import (a reclaimer nothing imports,
// an importer that reads a limit, a migration runner) are not among those,
// so an edit there would leave a stale result in the cache. The ID
// therefore covers the binary, the configuration and what the rules read
// from the module go vet runs in (analyzers.ModuleKey); the version is
// jobqlint's own.
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
	root := moduleRootOf(".")
	var schema []string
	if p := config.Find(root); p != "" {
		data, _ := os.ReadFile(p)
		fmt.Fprintf(h, "config\x00%s\x00", data)
		if c, err := config.Load(p); err == nil {
			schema = c.SchemaPaths()
		}
	}
	analyzers.ModuleKey(h, root, schema)
	// The format go vet expects: "$progname version VERSION buildID=...".
	// For "devel ..." go vet keys its cache on the buildID, else on the
	// whole line, which holds it too.
	fmt.Printf("%s version %s buildID=%02x\n", exe, versionString(), h.Sum(nil))
	os.Exit(0)
	return nil
}
