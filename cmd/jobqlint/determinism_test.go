package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every run prints the same findings at the same positions in the same
// order, whatever GOMAXPROCS, in both modes. The module is the seed PR
// plus a command whose claim loop starts two calls below main, in a file
// that sorts before main.go: the standalone driver parses a package's files
// in parallel, and the SIGTERM finding used to follow the parse order.
func TestRepeatedRunsPrintTheSameBytes(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "seedpr"))))
	writeFiles(t, dir, map[string]string{
		"cmd/deep/a_loop.go": `package main

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func poll(ctx context.Context, pool *pgxpool.Pool) {
	for ctx.Err() == nil {
		var id int64
		err := pool.QueryRow(ctx, "UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id").Scan(&id)
		if err != nil {
			time.Sleep(time.Second)
		}
	}
}
`,
		"cmd/deep/main.go": `package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func main() {
	ctx := context.Background()
	pool, _ := pgxpool.New(ctx, "")
	run(ctx, pool)
}

func run(ctx context.Context, pool *pgxpool.Pool) { poll(ctx, pool) }
`,
	})

	var first []byte
	for _, procs := range []string{"1", "2", "4", "8", "3", "16"} {
		out := runTool(t, dir, []string{"GOMAXPROCS=" + procs}, jobqlintBin, "./...")
		if first == nil {
			first = out
			require.Regexp(t, regexp.MustCompile(`(?m)^cmd/deep/main.go:12:2: sigterm: run starts a claim loop`), string(out))
			continue
		}
		require.Equal(t, string(first), string(out), "GOMAXPROCS=%s", procs)
	}

	model := runTool(t, dir, []string{"GOMAXPROCS=1"}, jobqlintBin, "-model", "./...")
	require.Equal(t, string(model), string(runTool(t, dir, []string{"GOMAXPROCS=8"}, jobqlintBin, "-model", "./...")))

	// go vet replays cached results for unchanged packages: a comment
	// added at the end of every file makes it run the tool again. go vet
	// prints the findings in an order of its own (cmd/go ranges over a map
	// of the tool's JSON output by analyzer), so the findings are compared
	// as a set, each with its related lines.
	vet := findingBlocks(runTool(t, dir, []string{"GOMAXPROCS=1"}, "go", "vet", "-p=1", "-vettool="+jobqlintBin, "./..."))
	require.Contains(t, strings.Join(vet, "\n"), "cmd/deep/main.go:12:2: sigterm: run starts a claim loop")
	for _, procs := range []string{"8", "2"} {
		touchGoFiles(t, dir, procs)
		again := findingBlocks(runTool(t, dir, []string{"GOMAXPROCS=" + procs}, "go", "vet", "-p="+procs, "-vettool="+jobqlintBin, "./..."))
		require.Equal(t, vet, again, "go vet, GOMAXPROCS=%s", procs)
	}
}

// findingBlocks splits go vet's output into findings, each with the
// related positions printed under it ("file:line:col: \tmessage"), sorted.
func findingBlocks(out []byte) []string {
	var blocks []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.Contains(line, ": \t") && len(blocks) > 0 {
			blocks[len(blocks)-1] += "\n" + line
			continue
		}
		blocks = append(blocks, line)
	}
	slices.Sort(blocks)
	return blocks
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	for name, content := range files {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
}

func touchGoFiles(t *testing.T, dir, mark string) {
	require.NoError(t, filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".go" {
			return err
		}
		f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = f.WriteString("\n// run " + mark + "\n")
		return err
	}))
}

// runTool runs a command in dir and returns what it printed, stdout then
// stderr; findings make it exit non-zero, which is not a failure here.
func runTool(t *testing.T, dir string, env []string, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return append(stdout.Bytes(), stderr.Bytes()...)
}
