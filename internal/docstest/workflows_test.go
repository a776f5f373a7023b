package docstest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// The example workflows of docs/workflows: actionlint finds nothing wrong
// in them, and the step that runs jobqlint keeps its exit status under the
// shell GitHub runs `run:` scripts with, checked against a stand-in
// jobqlint that exits 0 (no findings), 3 (findings), 4 (some packages
// not checked) and 2 (it could not run).
func TestExampleWorkflows(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Fatal("bash is needed to run the workflows' scripts")
	}
	dir := filepath.Join(root, "docs", "workflows")
	files, err := filepath.Glob(filepath.Join(dir, "*.yml"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]func(t *testing.T, w *actionlint.Workflow){
		"code-scanning.yml": checkCodeScanning,
		"annotations.yml":   checkAnnotations,
		"reviewdog.yml":     checkReviewdog,
	}
	if len(files) != len(want) {
		t.Errorf("docs/workflows holds %d workflows, the test knows %d", len(files), len(want))
	}
	for _, file := range files {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			l, err := actionlint.NewLinter(&out, &actionlint.LinterOptions{})
			if err != nil {
				t.Fatal(err)
			}
			errs, err := l.LintFile(file, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range errs {
				t.Errorf("actionlint: %s", e)
			}
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			w, perrs := actionlint.Parse(data)
			if len(perrs) > 0 {
				t.Fatalf("%s: %v", name, perrs[0])
			}
			check := want[name]
			if check == nil {
				t.Fatalf("no check for %s", name)
			}
			check(t, w)
		})
	}
}

// steps returns the run scripts of the workflow's one job, by step id or
// name; a script holding a ${{ }} expression is refused, since the test
// runs the scripts as written.
func steps(t *testing.T, w *actionlint.Workflow) map[string]*actionlint.Step {
	t.Helper()
	if len(w.Jobs) != 1 {
		t.Fatalf("%d jobs, want 1", len(w.Jobs))
	}
	out := map[string]*actionlint.Step{}
	for _, job := range w.Jobs {
		for _, s := range job.Steps {
			run, ok := s.Exec.(*actionlint.ExecRun)
			if !ok {
				continue
			}
			if strings.Contains(run.Run.Value, "${{") {
				t.Errorf("the script of step %q holds an expression: pass it through env", stepName(s))
			}
			out[stepName(s)] = s
		}
	}
	return out
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

// A result is what one run of a step did.
type result struct {
	exit      int
	output    string // what it appended to $GITHUB_OUTPUT
	reviewdog string // what the stand-in reviewdog read, "" when not run
	ranTool   bool
}

const fakeOutput = "finding from the stand-in jobqlint\n"

// runStep runs a step's script as GitHub does on Linux (bash --noprofile
// --norc -eo pipefail), with stand-ins for jobqlint (exiting status) and
// reviewdog on PATH.
func runStep(t *testing.T, s *actionlint.Step, status string, env ...string) result {
	t.Helper()
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(bin, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("jobqlint", "#!/bin/sh\ntouch \"$STANDIN/ran\"\nprintf '"+strings.TrimSuffix(fakeOutput, "\n")+"\\n'\nexit "+status+"\n")
	write("reviewdog", "#!/bin/sh\ncat > \"$STANDIN/reviewdog\"\n")
	script := filepath.Join(tmp, "step.sh")
	if err := os.WriteFile(script, []byte(s.Exec.(*actionlint.ExecRun).Run.Value), 0o644); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(tmp, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	output := filepath.Join(tmp, "github_output")
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"STANDIN="+tmp, "GITHUB_OUTPUT="+output)
	cmd.Env = append(cmd.Env, env...)
	var r result
	if out, err := cmd.CombinedOutput(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("%v\n%s", err, out)
		}
		r.exit = exit.ExitCode()
	}
	if b, err := os.ReadFile(output); err == nil {
		r.output = string(b)
	}
	if b, err := os.ReadFile(filepath.Join(tmp, "reviewdog")); err == nil {
		r.reviewdog = string(b)
	}
	_, err := os.Stat(filepath.Join(tmp, "ran"))
	r.ranTool = err == nil
	return r
}

func mustStep(t *testing.T, all map[string]*actionlint.Step, name string) *actionlint.Step {
	t.Helper()
	s := all[name]
	if s == nil {
		t.Fatalf("no step %q", name)
	}
	return s
}

// code-scanning.yml: the jobqlint step passes with findings, so that the
// upload runs, and records the status; the last step then fails on it. An
// error fails the jobqlint step itself.
func checkCodeScanning(t *testing.T, w *actionlint.Workflow) {
	all := steps(t, w)
	run, fail := mustStep(t, all, "jobqlint"), mustStep(t, all, "Fail on findings")
	for _, c := range []struct {
		status          string
		stepExit        int
		output          string
		failExit        int
		failStepReached bool
	}{
		{"0", 0, "status=0\n", 0, true},
		{"3", 0, "status=3\n", 3, true},
		{"4", 4, "status=4\n", 0, false}, // some packages not checked: no upload of a partial run
		{"2", 2, "status=2\n", 0, false},
	} {
		r := runStep(t, run, c.status)
		if !r.ranTool || r.exit != c.stepExit || r.output != c.output {
			t.Errorf("jobqlint exiting %s: the step exits %d and outputs %q, want %d and %q", c.status, r.exit, r.output, c.stepExit, c.output)
		}
		if !c.failStepReached {
			continue
		}
		status := strings.TrimSuffix(strings.TrimPrefix(r.output, "status="), "\n")
		if got := runStep(t, fail, "0", "STATUS="+status); got.exit != c.failExit {
			t.Errorf("jobqlint exiting %s: the last step exits %d, want %d", c.status, got.exit, c.failExit)
		}
	}
}

// annotations.yml: the step's exit status is jobqlint's.
func checkAnnotations(t *testing.T, w *actionlint.Workflow) {
	run := mustStep(t, steps(t, w), "jobqlint")
	for _, c := range []struct {
		status string
		exit   int
	}{{"0", 0}, {"3", 3}, {"4", 4}, {"2", 2}} {
		if r := runStep(t, run, c.status); !r.ranTool || r.exit != c.exit {
			t.Errorf("jobqlint exiting %s: the step exits %d, want %d", c.status, r.exit, c.exit)
		}
	}
}

// reviewdog.yml: reviewdog gets jobqlint's whole output when jobqlint ran
// (findings or none, all packages checked or not), the step then exits
// with jobqlint's status; when
// jobqlint could not run, reviewdog is not run and the step fails.
func checkReviewdog(t *testing.T, w *actionlint.Workflow) {
	run := mustStep(t, steps(t, w), "jobqlint")
	for _, c := range []struct {
		status    string
		exit      int
		reviewdog string
	}{{"0", 0, fakeOutput}, {"3", 3, fakeOutput}, {"4", 4, fakeOutput}, {"2", 2, ""}} {
		r := runStep(t, run, c.status)
		if !r.ranTool || r.exit != c.exit || r.reviewdog != c.reviewdog {
			t.Errorf("jobqlint exiting %s: the step exits %d, reviewdog read %q; want %d and %q", c.status, r.exit, r.reviewdog, c.exit, c.reviewdog)
		}
	}
}
