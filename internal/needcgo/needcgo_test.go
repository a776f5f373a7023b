package needcgo

import (
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"
)

// Without cgo, building jobqlint fails with a name that says what to do.
func TestBuildWithoutCgo(t *testing.T) {
	cmd := exec.Command("go", "build", "-o", os.DevNull, "github.com/jobqlint/jobqlint/cmd/jobqlint")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	require.Error(t, err, "%s", out)
	require.Contains(t, string(out), "undefined: jobqlint_needs_cgo_set_CGO_ENABLED_1_and_a_C_compiler")
}
