package main

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

// The version comes from the build info: a tagged module version (go
// install @v0.3.0), or devel with the VCS revision of a checkout.
func TestVersionFromBuildInfo(t *testing.T) {
	for _, tc := range []struct {
		main     string
		settings []debug.BuildSetting
		want     string
		sarif    string
	}{
		{"v0.3.0", nil, "v0.3.0", "0.3.0"},
		{"v0.3.1-0.20261203090000-1a2b3c4d5e6f", nil, "v0.3.1-0.20261203090000-1a2b3c4d5e6f", "0.3.1-0.20261203090000-1a2b3c4d5e6f"},
		{"(devel)", []debug.BuildSetting{{Key: "vcs.revision", Value: "1a2b3c4d5e6f77889900aabbccddeeff00112233"}, {Key: "vcs.modified", Value: "false"}},
			"devel 1a2b3c4d5e6f", "0.0.0-devel+1a2b3c4d5e6f"},
		{"(devel)", []debug.BuildSetting{{Key: "vcs.revision", Value: "1a2b3c4d5e6f77889900aabbccddeeff00112233"}, {Key: "vcs.modified", Value: "true"}},
			"devel 1a2b3c4d5e6f+dirty", "0.0.0-devel+1a2b3c4d5e6f"},
		{"(devel)", nil, "devel", "0.0.0-devel"},
	} {
		bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/jobqlint/jobqlint", Version: tc.main}, Settings: tc.settings}
		v, rev, dirty := versionOf(bi)
		require.Equal(t, tc.want, formatVersion(v, rev, dirty))
		require.Equal(t, tc.sarif, formatSARIFVersion(v, rev))
	}
}
