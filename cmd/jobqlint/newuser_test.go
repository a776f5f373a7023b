package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
	"github.com/stretchr/testify/require"
)

// A team with a queue that already has findings adopts jobqlint by the
// README alone: it installs jobqlint from a clone as the README says,
// accepts today's findings with the README's baseline command, names the
// baseline in .jobqlint.json as the README shows, and copies the example
// workflows. The push to main is green in every workflow; a pull request
// that adds a migration with a new defect is red in every workflow, and
// reviewdog's comments land on the lines it added.
//
// "The clone" is a snapshot of this checkout's working tree (tracked and
// untracked files), served at the README's URL through git's insteadOf, so
// the install commands run as written.
func TestANewUserReachesAGreenCIJobByTheReadme(t *testing.T) {
	t.Parallel()
	w := newWalk(t)

	// Install, from a clone, as the README says; then jobqlint -version.
	w.sh(w.runner, w.readmeLine("git clone https://github.com/jobqlint/jobqlint"))
	w.sh(w.runner, w.readmeLine("jobqlint -version"))

	// The team's repository: the seed pull request's queue, with 9 findings.
	require.NoError(t, os.CopyFS(w.repo, os.DirFS(filepath.Join("..", "..", "testdata", "seedpr"))))
	w.git("init", "-q", "-b", "main")
	w.git("add", ".")
	w.git("commit", "-qm", "a queue")
	require.Len(t, w.findings(), 9)

	// Accept them: the README's baseline command, then the baseline named
	// in .jobqlint.json under the README's key.
	w.sh(w.repo, w.readmeLine("jobqlint -update-baseline -baseline"))
	config := map[string]any{"baseline": w.readmeConfig()["baseline"]}
	data, err := json.Marshal(config)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(w.repo, ".jobqlint.json"), data, 0o644))
	require.Empty(t, w.findings(), "the configured baseline holds every finding")
	w.git("add", ".")
	w.git("commit", "-qm", "jobqlint: baseline and workflows")

	// The push to main: every workflow that runs on push is green.
	pushed := 0
	for _, wf := range w.workflows() {
		if !triggeredBy(wf.w, "push") {
			continue
		}
		pushed++
		job := w.runJob(wf)
		require.Equal(t, -1, job.failedStep, "%s on push to main: step %q failed:\n%s", wf.name, job.stepName(), job.log)
	}
	require.NotZero(t, pushed, "no example workflow runs on push")

	// A pull request adds a column to the queue table with no lock_timeout
	// (migrationlock): red in every workflow, and every new finding is on a
	// line it added, where reviewdog comments.
	w.git("checkout", "-q", "-b", "finished-at")
	migration := filepath.Join(w.repo, "migrations", "002_finished_at.sql")
	require.NoError(t, os.WriteFile(migration, []byte("ALTER TABLE jobs ADD COLUMN finished_at timestamp;\n"), 0o644))
	w.git("add", ".")
	w.git("commit", "-qm", "jobs: finished_at")
	added := addedLines(t, w.git("diff", "-U0", "main...HEAD"))
	require.Equal(t, map[string]map[int]bool{"migrations/002_finished_at.sql": {1: true}}, added)

	fresh := w.findings()
	var rules []string
	for _, f := range fresh {
		require.Equal(t, "migrations/002_finished_at.sql", f.path, "only the pull request's finding is new: %v", fresh)
		rules = append(rules, f.rule)
	}
	require.Contains(t, rules, "migrationlock")

	reviewed := 0
	for _, wf := range w.workflows() {
		if !triggeredBy(wf.w, "pull_request") {
			continue
		}
		job := w.runJob(wf)
		require.NotEqual(t, -1, job.failedStep, "%s on the pull request: green with new findings:\n%s", wf.name, job.log)
		require.Equal(t, 3, job.exit, "%s: step %q, the job fails with findings' status:\n%s", wf.name, job.stepName(), job.log)
		if job.reviewdogInput != nil {
			reviewed++
			require.Equal(t, "-f=rdjsonl -name=jobqlint -reporter=github-pr-review -filter-mode=added", job.reviewdogArgs)
			var want []string
			for _, f := range fresh {
				want = append(want, f.path+":1 "+f.rule)
			}
			require.ElementsMatch(t, want, commented(rdjsonlSpans(t, job.reviewdogInput), added), "reviewdog's comments")
		}
		if job.sarif != nil {
			require.Len(t, sarifSpans(t, job.sarif), len(fresh), "%s uploads the new findings", wf.name)
		}
	}
	require.Equal(t, 1, reviewed, "one example workflow posts review comments")
}

// A walk is one team's machine: a runner directory (RUNNER_TEMP, where the
// README's clone goes too, so that the installs share go's build cache), a
// bin directory on PATH (GOBIN, as setup-go puts GOPATH/bin on PATH) and the
// team's repository.
type walk struct {
	t                 *testing.T
	runner, bin, repo string
	env               []string
	readme            string
}

func newWalk(t *testing.T) *walk {
	tmp := t.TempDir()
	w := &walk{t: t, runner: filepath.Join(tmp, "runner"), bin: filepath.Join(tmp, "bin"), repo: filepath.Join(tmp, "repo")}
	for _, d := range []string{w.runner, w.bin, w.repo} {
		require.NoError(t, os.Mkdir(d, 0o755))
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	w.readme = string(readme)
	src := checkoutSnapshot(t, filepath.Join(tmp, "jobqlint-src"))
	w.env = append(os.Environ(),
		"PATH="+w.bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GOBIN="+w.bin,
		"GIT_CONFIG_COUNT=3",
		"GIT_CONFIG_KEY_0=url.file://"+src+".insteadOf", "GIT_CONFIG_VALUE_0=https://github.com/jobqlint/jobqlint",
		"GIT_CONFIG_KEY_1=user.name", "GIT_CONFIG_VALUE_1=A Team",
		"GIT_CONFIG_KEY_2=user.email", "GIT_CONFIG_VALUE_2=team@example.com",
		"RUNNER_TEMP="+w.runner,
	)
	return w
}

// checkoutSnapshot commits this checkout's working tree (what git tracks, and new
// files it does not ignore) to a fresh repository at dir, so the README's
// clone gets the code under test, uncommitted changes included.
func checkoutSnapshot(t *testing.T, dir string) string {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	list, err := cmd.Output()
	require.NoError(t, err, "the walk needs this checkout to be a git repository")
	for _, name := range strings.Split(strings.TrimSuffix(string(list), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(root, name))
		if errors.Is(err, os.ErrNotExist) {
			continue // deleted, not yet staged
		}
		require.NoError(t, err)
		info, err := os.Stat(filepath.Join(root, name))
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, info.Mode().Perm()))
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "snapshot"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	return dir
}

// readmeLine returns the README's command line (an indented code line)
// that starts with prefix, without its trailing comment.
func (w *walk) readmeLine(prefix string) string {
	for _, l := range strings.Split(w.readme, "\n") {
		if cmd, ok := strings.CutPrefix(l, "    "+prefix); ok {
			cmd = prefix + cmd
			if i := strings.Index(cmd, " #"); i >= 0 {
				cmd = cmd[:i]
			}
			return strings.TrimSpace(cmd)
		}
	}
	w.t.Fatalf("README.md has no command line starting %q", prefix)
	return ""
}

// readmeConfig returns the README's .jobqlint.json example.
func (w *walk) readmeConfig() map[string]any {
	m := regexp.MustCompile("(?s)```json\n(.*?)```").FindStringSubmatch(w.readme)
	require.NotNil(w.t, m, "README.md shows no .jobqlint.json")
	var c map[string]any
	require.NoError(w.t, json.Unmarshal([]byte(m[1]), &c))
	return c
}

func (w *walk) sh(dir, script string) {
	w.t.Helper()
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
	cmd.Dir, cmd.Env = dir, w.env
	out, err := cmd.CombinedOutput()
	require.NoError(w.t, err, "%s\n%s", script, out)
}

func (w *walk) git(args ...string) []byte {
	w.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = w.repo, w.env
	out, err := cmd.CombinedOutput()
	require.NoError(w.t, err, "git %v: %s", args, out)
	return out
}

type walkFinding struct{ path, rule string }

// findings runs the installed jobqlint in the repository, as the team
// would, and returns what it reports.
func (w *walk) findings() []walkFinding {
	w.t.Helper()
	cmd := exec.Command(filepath.Join(w.bin, "jobqlint"), "-format", "json", "./...")
	cmd.Dir, cmd.Env = w.repo, w.env
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == exitFindings) {
		w.t.Fatalf("jobqlint: %v\n%s", err, out)
	}
	var all []struct {
		Rule string `json:"rule"`
		File string `json:"file"`
	}
	require.NoError(w.t, json.Unmarshal(out, &all), "%s", out)
	var got []walkFinding
	for _, f := range all {
		got = append(got, walkFinding{path: f.File, rule: f.Rule})
	}
	return got
}

type workflow struct {
	name string
	w    *actionlint.Workflow
}

func (w *walk) workflows() []workflow {
	files, err := filepath.Glob(filepath.Join("..", "..", "docs", "workflows", "*.yml"))
	require.NoError(w.t, err)
	require.NotEmpty(w.t, files)
	var out []workflow
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(w.t, err)
		wf, errs := actionlint.Parse(data)
		require.Empty(w.t, errs, f)
		out = append(out, workflow{name: filepath.Base(f), w: wf})
	}
	return out
}

func triggeredBy(w *actionlint.Workflow, event string) bool {
	for _, e := range w.On {
		if h, ok := e.(*actionlint.WebhookEvent); ok && h.Hook.Value == event {
			return true
		}
	}
	return false
}

// A jobRun is what one run of a workflow's job did.
type jobRun struct {
	steps          []string
	failedStep     int // -1 when every step passed
	exit           int
	log            string
	reviewdogArgs  string
	reviewdogInput []byte // nil when reviewdog did not run
	sarif          []byte // the uploaded SARIF, nil when nothing was uploaded
}

func (j jobRun) stepName() string {
	if j.failedStep < 0 {
		return ""
	}
	return j.steps[j.failedStep]
}

// runJob runs the workflow's one job as a fresh runner would, in a fresh
// clone of the repository at its current branch (actions/checkout);
// actions/setup-go is the walk's go, reviewdog/action-setup puts a stand-in reviewdog
// on PATH that keeps what it reads, upload-sarif keeps its file, and each
// run: script runs under GitHub's bash -eo pipefail with the step's env,
// ${{ steps.ID.outputs.NAME }} read from that step's $GITHUB_OUTPUT and
// secrets given a dummy value. The job stops at the first failing step.
func (w *walk) runJob(wf workflow) jobRun {
	t := w.t
	require.Len(t, wf.w.Jobs, 1, wf.name)
	require.NoError(t, os.RemoveAll(w.runner))
	require.NoError(t, os.Mkdir(w.runner, 0o755))
	tools := filepath.Join(w.runner, "_tools")
	require.NoError(t, os.Mkdir(tools, 0o755))
	checkout := filepath.Join(w.runner, "work")
	clone := exec.Command("git", "clone", "-q", w.repo, checkout)
	clone.Env = w.env
	out, err := clone.CombinedOutput()
	require.NoError(t, err, "checkout: %s", out)
	outputs := map[string]map[string]string{}
	expr := regexp.MustCompile(`^\$\{\{\s*(?:steps\.([\w-]+)\.outputs\.([\w-]+)|secrets\.(\w+))\s*\}\}$`)
	run := jobRun{failedStep: -1}
	var log strings.Builder
	for _, job := range wf.w.Jobs {
		for i, s := range job.Steps {
			name := stepName(s)
			run.steps = append(run.steps, name)
			switch e := s.Exec.(type) {
			case *actionlint.ExecAction:
				uses := e.Uses.Value
				switch {
				case strings.HasPrefix(uses, "actions/checkout@"), strings.HasPrefix(uses, "actions/setup-go@"):
				case strings.HasPrefix(uses, "reviewdog/action-setup@"):
					stub := "#!/bin/sh\necho \"$*\" > \"" + tools + "/reviewdog.args\"\ncat > \"" + tools + "/reviewdog.in\"\n"
					require.NoError(t, os.WriteFile(filepath.Join(tools, "reviewdog"), []byte(stub), 0o755))
				case strings.HasPrefix(uses, "github/codeql-action/upload-sarif@"):
					in := e.Inputs["sarif_file"]
					require.NotNil(t, in, "%s: upload-sarif without sarif_file", wf.name)
					data, err := os.ReadFile(filepath.Join(checkout, in.Value.Value))
					require.NoError(t, err, "%s: the SARIF to upload", wf.name)
					run.sarif = data
				default:
					t.Fatalf("%s: the walk does not know the action %s", wf.name, uses)
				}
				continue
			}
			script := s.Exec.(*actionlint.ExecRun).Run.Value
			output := filepath.Join(w.runner, "output-"+name)
			env := append(append([]string{}, w.env...), "GITHUB_OUTPUT="+output,
				"PATH="+tools+string(os.PathListSeparator)+w.bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			if s.Env != nil {
				for _, v := range s.Env.Vars {
					val := v.Value.Value
					if m := expr.FindStringSubmatch(val); m != nil {
						if m[3] != "" {
							val = "dummy-" + m[3]
						} else {
							val = outputs[m[1]][m[2]]
						}
					}
					require.NotContains(t, val, "${{", "%s: step %q: the walk cannot evaluate %s", wf.name, name, val)
					env = append(env, v.Name.Value+"="+val)
				}
			}
			if strings.Contains(script, "git clone") {
				require.NoError(t, os.RemoveAll(filepath.Join(w.runner, "jobqlint")), "a fresh runner")
			}
			cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
			cmd.Dir, cmd.Env = checkout, env
			out, err := cmd.CombinedOutput()
			log.WriteString("## " + name + "\n" + string(out))
			outputs[name] = map[string]string{}
			if data, rerr := os.ReadFile(output); rerr == nil {
				for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
					if k, v, ok := strings.Cut(l, "="); ok {
						outputs[name][k] = v
					}
				}
			}
			if err != nil {
				var exit *exec.ExitError
				require.ErrorAs(t, err, &exit, "%s: step %q\n%s", wf.name, name, out)
				run.failedStep, run.exit = i, exit.ExitCode()
				break
			}
		}
	}
	run.log = log.String()
	if data, err := os.ReadFile(filepath.Join(tools, "reviewdog.in")); err == nil {
		run.reviewdogInput = data
		args, err := os.ReadFile(filepath.Join(tools, "reviewdog.args"))
		require.NoError(t, err)
		run.reviewdogArgs = strings.TrimSpace(string(args))
	}
	return run
}

func stepName(s *actionlint.Step) string {
	if s.ID != nil {
		return s.ID.Value
	}
	if s.Name != nil {
		return s.Name.Value
	}
	return ""
}
