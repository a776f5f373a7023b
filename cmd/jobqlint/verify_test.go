package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgserver"
	"github.com/jobqlint/jobqlint/internal/pgtest"
	"github.com/jobqlint/jobqlint/internal/verify"
)

// -verify proves findings on PostgreSQL 15 with the module's own schema and
// statements. Without a -dsn it starts a throwaway server from the initdb
// on PATH, so these tests need the server binaries: under CI=true their
// absence fails the tests.

func needPostgres(t *testing.T) {
	t.Helper()
	if err := pgserver.Installed(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("-verify needs PostgreSQL 15: %v", err)
		}
		t.Skipf("-verify needs PostgreSQL 15: %v (CI=true makes this a failure)", err)
	}
}

// runVerify runs jobqlint -verify with args in dir and returns its exit
// code, stdout and stderr.
func runVerify(t *testing.T, dir string, args ...string) (int, []byte, string) {
	t.Helper()
	// Paths relative to the module, not to the repository that holds
	// testdata/seedpr.
	cmd := exec.Command(jobqlintBin, append([]string{"-verify", "-path-base", "."}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "DATABASE_URL=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("jobqlint: %v", err)
	}
	return code, stdout.Bytes(), stderr.String()
}

type verifiedFinding struct {
	Rule     string           `json:"rule"`
	File     string           `json:"file"`
	Line     int              `json:"line"`
	Evidence *verify.Evidence `json:"evidence"`
}

func decodeFindings(t *testing.T, out []byte) []verifiedFinding {
	t.Helper()
	var fs []verifiedFinding
	require.NoError(t, json.Unmarshal(out, &fs), "%s", out)
	return fs
}

// checkSeedPREvidence asserts what -verify shows on the seed: the claim
// race, the poll's sequential scan, both timestamp columns an hour off and
// the lost job, each verified; the SIGTERM finding (a process, not a
// statement) not tried; the other rules without evidence.
func checkSeedPREvidence(t *testing.T, fs []verifiedFinding) {
	t.Helper()
	require.Equal(t, markers(t, filepath.Join("..", "..", "testdata", "seedpr")), findingKeys(fs), "-verify withdraws nothing on the seed")
	counts := map[string]int{}
	for _, f := range fs {
		key := f.Rule + " " + f.File
		if !verify.Rules[f.Rule] {
			require.Nil(t, f.Evidence, key)
			continue
		}
		require.NotNil(t, f.Evidence, key)
		require.NotNil(t, f.Evidence.Verified, "%s: %s", key, f.Evidence.Summary)
		require.True(t, *f.Evidence.Verified, "%s: %s", key, f.Evidence.Summary)
		counts[f.Rule]++
		switch f.Rule {
		case "claimrace":
			require.Contains(t, f.Evidence.Summary, "got id 1; worker B ran it before A's take and got id 1")
			require.Contains(t, f.Evidence.Summary, "both workers claimed id 1")
		case "pollindex":
			require.Contains(t, f.Evidence.Summary, "With 100000 finished jobs (status = 'done') and 20 runnable ones in jobs")
			require.Contains(t, f.Evidence.Summary, "Seq Scan")
		case "timestamptz":
			require.Contains(t, f.Evidence.Summary, "reads back 2026-07-01 13:00:00, 1h0m0s later than the instant written")
		case "lease":
			require.Contains(t, f.Evidence.Summary, "no poll of the module (queue/queue.go:57 (poll)) offers the job again: it stays 'running'")
		}
	}
	require.Equal(t, map[string]int{"claimrace": 1, "pollindex": 1, "timestamptz": 1, "lease": 1}, counts)
	// The module's own poll, run at the summer instant, misses the job
	// written into run_at (created_at, compared with no clock, is not reported).
	for _, f := range fs {
		if f.Rule == "timestamptz" {
			require.Equal(t, 11, f.Line, "run_at")
			require.Contains(t, f.Evidence.Summary, "the module's poll queue/queue.go:57 (poll) finds no job")
		}
	}
}

func findingKeys(fs []verifiedFinding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s:%d %s", filepath.ToSlash(f.File), f.Line, f.Rule))
	}
	sort.Strings(out)
	return out
}

func TestVerifySeed(t *testing.T) {
	t.Parallel()
	needPostgres(t)
	t.Run("seedpr", func(t *testing.T) {
		code, out, stderr := runVerify(t, filepath.Join("..", "..", "testdata", "seedpr"), "-format", "json", "./...")
		require.Equal(t, exitFindings, code, stderr)
		checkSeedPREvidence(t, decodeFindings(t, out))
		require.Empty(t, stderr)
	})
	t.Run("seedfixed", func(t *testing.T) {
		code, out, stderr := runVerify(t, filepath.Join("..", "..", "testdata", "seedfixed"), "-format", "json", "./...")
		require.Equal(t, exitClean, code, stderr)
		require.Empty(t, decodeFindings(t, out))
		require.Empty(t, stderr)
	})
}

// A migration that creates the poll's index inside a DO block (only where
// it is missing) gives the index to PostgreSQL, but not to jobqlint's
// schema replay, which reads no PL/pgSQL: the static rule reports the poll
// of seedfixed as unserved. -verify runs the poll's plan, sees the index,
// and withdraws the finding, which changes the exit code.
func TestVerifyWithdrawsAPollTheIndexServes(t *testing.T) {
	t.Parallel()
	needPostgres(t)
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "seedfixed"))))
	migration := filepath.Join(dir, "migrations", "001_create_jobs.sql")
	b, err := os.ReadFile(migration)
	require.NoError(t, err)
	const plain = `CREATE INDEX jobs_runnable_idx ON jobs (run_at) WHERE status = 'queued';`
	require.Contains(t, string(b), plain)
	guarded := strings.Replace(string(b), plain, `DO $$
BEGIN
    IF to_regclass('jobs_runnable_idx') IS NULL THEN
        `+plain+`
    END IF;
END
$$;`, 1)
	require.NoError(t, os.WriteFile(migration, []byte(guarded), 0o644))

	static := exec.Command(jobqlintBin, "-path-base", ".", "-format", "json", "./...")
	static.Dir = dir
	out, err := static.Output()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit) && exit.ExitCode() == exitFindings, "the static rule reports the poll: %v", err)
	require.Equal(t, []string{"migrations/001_create_jobs.sql:2 pollindex"}, findingKeys(decodeFindings(t, out)))

	code, out, stderr := runVerify(t, dir, "-format", "json", "./...")
	require.Equal(t, exitClean, code, stderr)
	require.Empty(t, decodeFindings(t, out))
	require.Contains(t, stderr, "jobqlint: -verify withdrew migrations/001_create_jobs.sql:2:1: pollindex: ")
	require.Contains(t, stderr, "Index Scan using jobs_runnable_idx")
	require.Contains(t, stderr, "the planner serves the poll from the index jobs_runnable_idx, which the static rule did not credit")
}

// With -dsn, -verify works in scratch databases it creates on the user's
// server and drops afterwards; a role that may not create databases is
// refused with a clear message (exit 1).
func TestVerifyWithDSN(t *testing.T) {
	t.Parallel()
	dsn := pgtest.DSN(t) // the tests' own server, as a user's
	// The seed, with a migration that acts on the cluster: -verify leaves
	// out roles and grants, and DO blocks (which can do anything) on a
	// server of the user's.
	seedpr := t.TempDir()
	require.NoError(t, os.CopyFS(seedpr, os.DirFS(filepath.Join("..", "..", "testdata", "seedpr"))))
	require.NoError(t, os.WriteFile(filepath.Join(seedpr, "migrations", "002_roles.sql"), []byte(`CREATE ROLE jobqlint_app;
GRANT SELECT ON jobs TO jobqlint_app;
DO $$ BEGIN CREATE ROLE jobqlint_from_do; END $$;
`), 0o644))

	code, out, stderr := runVerify(t, seedpr, "-dsn", dsn, "-format", "json", "./...")
	require.Equal(t, exitFindings, code, stderr)
	checkSeedPREvidence(t, decodeFindings(t, out))

	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer conn.Close(ctx)
	var left int
	require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM pg_database WHERE datname LIKE 'jobqlint_verify_%'`).Scan(&left))
	require.Zero(t, left, "the scratch databases are dropped")
	var tables int
	require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`).Scan(&tables))
	require.Zero(t, tables, "the database of the DSN is left as it was")

	var roles int
	require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM pg_roles WHERE rolname IN ('jobqlint_app', 'jobqlint_from_do')`).Scan(&roles))
	require.Zero(t, roles, "no role was created on the user's server")

	pgtest.Exec(t, conn, `CREATE ROLE jobqlint_nocreatedb LOGIN`)
	noCreate := strings.Replace(dsn, "user=postgres", "user=jobqlint_nocreatedb", 1)
	require.NotEqual(t, dsn, noCreate)
	code, out, stderr = runVerify(t, seedpr, "-dsn", noCreate, "./...")
	require.Equal(t, exitError, code, stderr)
	require.Empty(t, out)
	require.Contains(t, stderr, "jobqlint: -verify: the role cannot create databases")

	// DATABASE_URL stands for -dsn.
	cmd := exec.Command(jobqlintBin, "-verify", "./...")
	cmd.Dir = seedpr
	cmd.Env = append(os.Environ(), "DATABASE_URL="+noCreate)
	b, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit) && exit.ExitCode() == exitError, "%s", b)
	require.Contains(t, string(b), "the role cannot create databases")
}

// A schema statement PostgreSQL rejects is reported with its position and
// the rest of the schema is replayed: the findings are still verified.
// Data in the migrations (and queries in .sql files, sqlc's) is not
// replayed: the checks seed the rows they need, so a job left in the
// migration (the oldest, were it there) is not the one both workers get.
func TestVerifyBadSchemaStatement(t *testing.T) {
	t.Parallel()
	needPostgres(t)
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "seedpr"))))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "migrations", "002_audit.sql"),
		[]byte("-- the audit table is created by another service\nALTER TABLE audit ADD COLUMN job_id bigint;\n"+
			"INSERT INTO jobs (id, kind, payload, run_at) VALUES (100, 'welcome', '{}', '2000-01-01');\n"), 0o644))
	code, out, stderr := runVerify(t, dir, "-format", "json", "./...")
	require.Equal(t, exitFindings, code, stderr)
	require.Contains(t, stderr, `jobqlint: -verify: migrations/002_audit.sql:2:1: PostgreSQL rejected this schema statement: ERROR: relation "audit" does not exist (SQLSTATE 42P01)`)
	checkSeedPREvidence(t, decodeFindings(t, out))
}

func TestVerifyFlagsDoNotMix(t *testing.T) {
	for _, args := range [][]string{{"-fix"}, {"-model"}} {
		code, _, stderr := runVerify(t, ".", append(args, "./...")...)
		require.Equal(t, exitUsage, code, stderr)
		require.Contains(t, stderr, "-verify reports evidence for findings; it does not go with -fix or -model")
	}
}

// Each output format carries -verify's evidence: a line under the finding
// in text, "evidence" in JSON (null verified when not tried), the result's
// property bag in SARIF, the message's last line before the rule's URL in
// GitHub annotations, and the message in rdjsonl. Without -verify nothing
// is added.
func TestVerifyEvidenceInEachFormat(t *testing.T) {
	file, err := filepath.Abs(filepath.Join("..", "..", "testdata", "seedpr", "queue", "queue.go"))
	require.NoError(t, err)
	yes := true
	findings := []finding{
		{Rule: "claimrace", Severity: "critical", File: file, Line: 57, Column: 9, Message: "two workers can claim the same job",
			Fingerprint: "f1", Evidence: &verify.Evidence{Verified: &yes, Summary: "both workers claimed id 1."}},
		{Rule: "lease", Severity: "major", File: file, Line: 70, Column: 11, Message: "no lease",
			Fingerprint: "f2", Evidence: &verify.Evidence{Summary: "the claim took no job"}},
		{Rule: "doubledecode", Severity: "critical", File: file, Line: 102, Column: 13, Message: "decoded twice", Fingerprint: "f3"},
	}
	render := func(w writer) string {
		var b bytes.Buffer
		require.NoError(t, w(&b, findings))
		return b.String()
	}
	rel := filepath.ToSlash(relPath(file))

	t.Run("text", func(t *testing.T) {
		require.Equal(t, rel+":57:9: claimrace: two workers can claim the same job\n"+
			"\tverified on PostgreSQL: both workers claimed id 1.\n"+
			rel+":70:11: lease: no lease\n"+
			"\tnot verified: the claim took no job\n"+
			rel+":102:13: doubledecode: decoded twice\n", render(writeText))
	})
	t.Run("json", func(t *testing.T) {
		var got []map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(render(writeJSON)), &got))
		require.Len(t, got, 3)
		require.JSONEq(t, `{"verified": true, "summary": "both workers claimed id 1."}`, string(got[0]["evidence"]))
		require.JSONEq(t, `{"verified": null, "summary": "the claim took no job"}`, string(got[1]["evidence"]))
		require.NotContains(t, got[2], "evidence")
	})
	t.Run("sarif", func(t *testing.T) {
		var doc struct {
			Runs []struct {
				Results []struct {
					Properties map[string]json.RawMessage `json:"properties"`
				} `json:"results"`
			} `json:"runs"`
		}
		require.NoError(t, json.Unmarshal([]byte(render(writeSARIF)), &doc))
		res := doc.Runs[0].Results
		require.Len(t, res, 3)
		require.JSONEq(t, `{"verified": true, "summary": "both workers claimed id 1."}`, string(res[0].Properties["jobqlint/evidence"]))
		require.JSONEq(t, `{"verified": null, "summary": "the claim took no job"}`, string(res[1].Properties["jobqlint/evidence"]))
		require.Nil(t, res[2].Properties)
	})
	t.Run("github", func(t *testing.T) {
		lines := strings.Split(strings.TrimSpace(render(writeGitHub)), "\n")
		require.Len(t, lines, 3)
		require.Contains(t, lines[0], "::two workers can claim the same job%0Averified on PostgreSQL: both workers claimed id 1.%0Ahttps://")
		require.Contains(t, lines[1], "::no lease%0Anot verified: the claim took no job%0Ahttps://")
		require.Contains(t, lines[2], "::decoded twice%0Ahttps://")
	})
	t.Run("rdjsonl", func(t *testing.T) {
		var msgs []string
		for _, line := range strings.Split(strings.TrimSpace(render(writeRDJSONL)), "\n") {
			var d struct{ Message string }
			require.NoError(t, json.Unmarshal([]byte(line), &d))
			msgs = append(msgs, d.Message)
		}
		require.Equal(t, []string{
			"two workers can claim the same job\nverified on PostgreSQL: both workers claimed id 1.",
			"no lease\nnot verified: the claim took no job",
			"decoded twice",
		}, msgs)
	})
}

// A one-statement claim whose subquery does not lock its row: worker B's
// claim, run while worker A's transaction is open, waits for A's row lock
// and then takes the same job again (the subquery is not re-run).
func TestVerifyOneStatementClaimRace(t *testing.T) {
	t.Parallel()
	needPostgres(t)
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "seedfixed"))))
	path := filepath.Join(dir, "queue", "queue.go")
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	const locked = "LIMIT 1\n\t\t\tFOR UPDATE SKIP LOCKED)"
	require.Contains(t, string(b), locked)
	require.NoError(t, os.WriteFile(path, []byte(strings.Replace(string(b), locked, "LIMIT 1)", 1)), 0o644))

	code, out, stderr := runVerify(t, dir, "-format", "json", "./...")
	require.Equal(t, exitFindings, code, stderr)
	fs := decodeFindings(t, out)
	require.Equal(t, []string{"queue/queue.go:64 claimrace"}, findingKeys(fs)) // at the WHERE whose subquery takes no lock
	ev := fs[0].Evidence
	require.NotNil(t, ev)
	require.NotNil(t, ev.Verified, ev.Summary)
	require.True(t, *ev.Verified, ev.Summary)
	require.Contains(t, ev.Summary, "worker B ran it while A's transaction was open, waited for A's row lock, and took 1 row; 1 job is in state 'running': both workers claimed the same job")
	require.Contains(t, ev.Summary, "$1 (Lease.Seconds()) = 1 from its type")
}

// A queue whose table is named by a Go value (fmt.Sprintf with q.table):
// the model reads the name as a placeholder, and the table as the DDL the
// Go code runs creates it; -verify replays that DDL under the same name, so
// the module's own statements run against it. All four findings are
// verified. Its id is an identity column (GENERATED ALWAYS): the seeding
// leaves it to PostgreSQL.
func TestVerifyTableNamedByAGoValue(t *testing.T) {
	t.Parallel()
	needPostgres(t)
	code, out, stderr := runVerify(t, filepath.Join("testdata", "verify", "placeholder"), "-format", "json", "./...")
	require.Equal(t, exitFindings, code, stderr)
	fs := decodeFindings(t, out)
	require.Equal(t, []string{"queue/queue.go:22 pollindex", "queue/queue.go:22 timestamptz", "queue/queue.go:40 claimrace", "queue/queue.go:44 lease"}, findingKeys(fs))
	for _, f := range fs {
		require.NotNil(t, f.Evidence, f.Rule)
		require.NotNil(t, f.Evidence.Verified, "%s: %s", f.Rule, f.Evidence.Summary)
		require.True(t, *f.Evidence.Verified, "%s: %s", f.Rule, f.Evidence.Summary)
	}
	require.Contains(t, fs[0].Evidence.Summary, "runnable ones in {queue.Queue.table} (")
	require.Contains(t, fs[1].Evidence.Summary, "into {queue.Queue.table}.run_at; a UTC session reads back 2026-07-01 13:00:00")
	require.Contains(t, fs[2].Evidence.Summary, "both workers claimed id 1")
	require.Contains(t, fs[3].Evidence.Summary, "it stays 'running' for ever")
}

// pg_ctl starts the throwaway server in a session of its own, so a Ctrl-C
// at the terminal reaches jobqlint and not the server. jobqlint stops the
// server itself: interrupted as soon as its server is up, it exits with an
// error and leaves no server running and no data directory behind.
func TestVerifyInterruptStopsItsServer(t *testing.T) {
	t.Parallel()
	needPostgres(t)
	tmp := t.TempDir()
	// As root the server runs as user postgres, which must reach its directory.
	for _, d := range []string{tmp, filepath.Dir(tmp)} {
		require.NoError(t, os.Chmod(d, 0o755))
	}
	cmd := exec.Command(jobqlintBin, "-verify", "./...")
	cmd.Dir = filepath.Join("..", "..", "testdata", "seedpr")
	cmd.Env = append(os.Environ(), "DATABASE_URL=", "TMPDIR="+tmp)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	pidFiles := func() []string {
		files, _ := filepath.Glob(filepath.Join(tmp, "pgserver-*", "data", "postmaster.pid"))
		return files
	}
	var postmaster int
	for deadline := time.Now().Add(3 * time.Minute); postmaster == 0; time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-exited:
			t.Fatalf("jobqlint ended (%v) before its server appeared under %s; stderr:\n%s", err, tmp, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no throwaway server appeared under %s", tmp)
		}
		for _, f := range pidFiles() {
			data, _ := os.ReadFile(f)
			if line, _, _ := strings.Cut(string(data), "\n"); line != "" {
				postmaster, _ = strconv.Atoi(line)
			}
		}
	}
	t.Cleanup(func() { syscall.Kill(postmaster, syscall.SIGQUIT) }) // should the test fail
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	err := <-exited
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, "jobqlint exited cleanly after an interrupt; stderr:\n%s", stderr.String())
	require.Equal(t, exitError, exit.ExitCode(), "an interrupt ends jobqlint with the error exit code, not the signal; stderr:\n%s", stderr.String())
	require.Contains(t, stderr.String(), "-verify: interrupted")
	require.ErrorIs(t, syscall.Kill(postmaster, 0), syscall.ESRCH, "the throwaway server (pid %d) is still running", postmaster)
	left, _ := filepath.Glob(filepath.Join(tmp, "pgserver-*"))
	require.Empty(t, left, "the throwaway server's directory is left behind")
}

// The poll of seedfixed with an index on status alone: the index finds the
// runnable jobs but not in run_at order, so every poll reads and sorts all
// of them. Over 20 runnable jobs the plan looks fine; -verify seeds a
// backlog, sees the sort, and keeps the finding. -fix writes the index the
// message names as a new migration.
func TestVerifyPollThatSortsABacklog(t *testing.T) {
	t.Parallel()
	needPostgres(t)
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "seedfixed"))))
	migration := filepath.Join(dir, "migrations", "001_create_jobs.sql")
	b, err := os.ReadFile(migration)
	require.NoError(t, err)
	const ordered = `CREATE INDEX jobs_runnable_idx ON jobs (run_at) WHERE status = 'queued';`
	require.Contains(t, string(b), ordered)
	require.NoError(t, os.WriteFile(migration, []byte(strings.Replace(string(b), ordered, `CREATE INDEX jobs_status_idx ON jobs (status);`, 1)), 0o644))

	code, out, stderr := runVerify(t, dir, "-format", "json", "./...")
	require.Equal(t, exitFindings, code, stderr)
	fs := decodeFindings(t, out)
	require.Equal(t, []string{"migrations/001_create_jobs.sql:2 pollindex"}, findingKeys(fs))
	ev := fs[0].Evidence
	require.NotNil(t, ev)
	require.NotNil(t, ev.Verified, ev.Summary)
	require.True(t, *ev.Verified, ev.Summary)
	require.Contains(t, ev.Summary, "and 20 runnable ones in jobs")
	require.Contains(t, ev.Summary, "with a backlog of 100000 more runnable jobs")
	require.Regexp(t, `sorting 1000\d\d rows: the poll reads and sorts the waiting jobs to take the first`, ev.Summary)
	require.NotContains(t, stderr, "withdrew")

	fix := exec.Command(jobqlintBin, "-fix", "./...")
	fix.Dir = dir
	fixOut, err := fix.CombinedOutput()
	require.NoError(t, err, "%s", fixOut)
	require.Contains(t, string(fixOut), "jobqlint: wrote migrations/")
	written, err := filepath.Glob(filepath.Join(dir, "migrations", "*jobs_poll_idx*"))
	require.NoError(t, err)
	require.NotEmpty(t, written, "%s", fixOut)
	var all string
	for _, w := range written {
		data, err := os.ReadFile(w)
		require.NoError(t, err)
		all += string(data)
	}
	require.Contains(t, all, "CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (run_at) WHERE status = 'queued'")
}

// A queue that deletes its jobs when done keeps no finished rows: the poll
// without an index giving its order sorts the waiting jobs. There is no
// finished state to seed; -verify seeds the backlog alone, and shows the
// sort.
func TestVerifyBacklogOfADeletingQueue(t *testing.T) {
	t.Parallel()
	needPostgres(t)
	dir := t.TempDir()
	for _, f := range []string{"go.mod", "go.sum"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "seedfixed", f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), b, 0o644))
	}
	write := func(name, text string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	write("migrations/001_jobs.sql", `CREATE TABLE jobs (
    id           bigserial   PRIMARY KEY,
    status       text        NOT NULL DEFAULT 'queued',
    run_at       timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz
);
`)
	write("queue/queue.go", "package queue\n\n"+`import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `+"`"+`UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`+"`"+`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `+"`"+`DELETE FROM jobs WHERE id = $1`+"`"+`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `+"`"+`UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`+"`"+`)
	return err
}
`)
	code, out, stderr := runVerify(t, dir, "-pollindex", "-format", "json", "./...")
	require.Equal(t, exitFindings, code, stderr)
	fs := decodeFindings(t, out)
	require.Equal(t, []string{"migrations/001_jobs.sql:1 pollindex"}, findingKeys(fs), stderr)
	ev := fs[0].Evidence
	require.NotNil(t, ev)
	require.NotNil(t, ev.Verified, ev.Summary)
	require.True(t, *ev.Verified, ev.Summary)
	require.NotContains(t, ev.Summary, "finished jobs")
	require.Contains(t, ev.Summary, "with a backlog of 100000 more runnable jobs")
	require.Contains(t, ev.Summary, "the poll reads and sorts the waiting jobs to take the first")
}
