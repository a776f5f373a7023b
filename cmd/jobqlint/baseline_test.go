package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A baseline written when the SIGTERM check was part of the lease rule
// holds its finding as a lease one; the same finding, now sigterm's, still
// matches it, once. A lease entry does not hide another rule's finding.
func TestBaselineAlias(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "main.go")
	require.NoError(t, os.WriteFile(file, []byte("package main\n\nfunc main() {\n\tw.Run(ctx)\n}\n"), 0o644))
	const msg = "w.Run starts a claim loop, but this command never handles SIGTERM"
	at := func(rule string) finding { return finding{Rule: rule, File: file, Line: 4, Column: 2, Message: msg} }

	old := []finding{at("lease")} // what an earlier jobqlint wrote
	fingerprints(old, dir)
	data, err := json.Marshal([]jsonFinding{{Rule: "lease", Fingerprint: old[0].Fingerprint}})
	require.NoError(t, err)
	path := filepath.Join(dir, "baseline.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	b, err := readBaseline(path)
	require.NoError(t, err)

	now := []finding{at("sigterm"), at("sigterm")}
	fingerprints(now, dir)
	require.NotEqual(t, old[0].Fingerprint, now[0].Fingerprint)
	require.Len(t, b.filter(now, io.Discard), 1, "one entry hides one finding")

	other := []finding{at("claimrace")}
	fingerprints(other, dir)
	require.Len(t, b.filter(other, io.Discard), 1)
}
