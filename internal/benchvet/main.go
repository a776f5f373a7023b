// Command benchvet measures what jobqlint costs on top of go vet, on large
// real modules: River v0.51.2, from the Go module proxy, and any checkout
// given with -dir (docs/speed.md uses hatchet-dev/hatchet).
//
//	go run ./internal/benchvet [-rounds 5] [-module path@version]... [-dir path]...
//
// Each -module and -dir names a module to measure (both may be repeated);
// with neither, River. For each module, in turn, it builds jobqlint,
// copies the module to a temporary directory, and warms one compile cache
// (go build and go test -c: every package and test compiled, nothing
// vetted). Each round then runs, in an order that rotates from round to
// round,
//
//	go vet ./...                          plain go vet
//	go vet -vettool=jobqlint ./...        jobqlint as go vet's tool
//	jobqlint ./...                        jobqlint standalone
//
// each on its own copy of the warm cache (hard links), so that every run
// compiles nothing and finds no vet result cached. jobqlint's schema cache
// (JOBQLINT_CACHE) is one directory per module, warmed by the untimed
// check run, as it is on a developer's machine or a CI cache after the
// first run; -cold adds a fourth run, go vet -vettool=jobqlint with an
// empty schema cache each time. It prints the median wall time, CPU time
// and peak memory of each, and their ratios to plain go vet, and at the
// end the ratios of every module side by side.
//
// Peak memory is given two ways: the largest single process of the run
// (ru_maxrss of the waited-for tree, which getrusage reports as the maximum
// over the processes, not their sum), and the largest total resident size
// of the whole process tree, sampled from /proc every 20 ms.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"
)

func main() {
	if nopVetTool(os.Args[1:]) {
		return
	}
	rounds := flag.Int("rounds", 5, "rounds of the runs")
	var modules, dirs list
	flag.Var(&modules, "module", "module@version to vet, from the Go module proxy (repeatable; default github.com/riverqueue/river@v0.51.2 when no -dir is given)")
	keep := flag.Bool("keep", false, "keep the temporary directories")
	work := flag.String("work", "", "reuse the module and warm cache of a -keep run in `dir`, warming what is not yet (one module only)")
	flag.Var(&dirs, "dir", "vet a copy of the module in `path` (a checkout not on the module proxy; repeatable)")
	cold := flag.Bool("cold", false, "also run go vet -vettool=jobqlint with an empty schema cache")
	flag.Parse()
	switch {
	case len(modules) > 0 || len(dirs) > 0:
	case *work != "":
		// The module is the one the kept directory holds: name it by its
		// path, not by the default module.
		abs, err := filepath.Abs(filepath.Join(*work, "module"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchvet:", err)
			os.Exit(2)
		}
		modules = list{abs}
	default:
		modules = list{"github.com/riverqueue/river@v0.51.2"}
	}
	for _, d := range dirs {
		abs, err := filepath.Abs(d)
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchvet:", err)
			os.Exit(2)
		}
		modules = append(modules, abs)
	}
	if *work != "" && len(modules) > 1 {
		fmt.Fprintln(os.Stderr, "benchvet: -work reuses one module's directory")
		os.Exit(2)
	}
	cmds := commands
	if *cold {
		cmds = append(cmds, coldVet)
	}
	var summaries []summary
	for _, module := range modules {
		s, err := run(*rounds, module, *keep, *work, cmds)
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchvet:", err)
			os.Exit(1)
		}
		summaries = append(summaries, s)
	}
	if len(summaries) > 1 {
		printSummaries(summaries, cmds)
	}
}

type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(v string) error { *l = append(*l, v); return nil }

type command struct {
	name string
	args func(tool string) []string
	cold bool // with an empty schema cache
}

var commands = []command{
	{"go vet", func(string) []string { return []string{"go", "vet", "./..."} }, false},
	{"go vet -vettool=jobqlint", func(tool string) []string { return []string{"go", "vet", "-vettool=" + tool, "./..."} }, false},
	{"jobqlint (standalone)", func(tool string) []string { return []string{tool, "./..."} }, false},
}

var coldVet = command{"vet -vettool (cold cache)", func(tool string) []string { return []string{"go", "vet", "-vettool=" + tool, "./..."} }, true}

// A summary is one module's medians.
type summary struct {
	module  string
	medians []measure // by command
}

func run(rounds int, module string, keep bool, work string, commands []command) (summary, error) {
	tmp := work
	if tmp == "" {
		var err error
		if tmp, err = os.MkdirTemp("", "benchvet-"); err != nil {
			return summary{}, err
		}
	}
	if keep || work != "" {
		fmt.Println("work directory:", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	tool := filepath.Join(tmp, "jobqlint")
	step("building jobqlint")
	if err := sh("", nil, "go", "build", "-o", tool, "github.com/jobqlint/jobqlint/cmd/jobqlint"); err != nil {
		return summary{}, err
	}

	dir := filepath.Join(tmp, "module")
	warm := filepath.Join(tmp, "cache-warm")
	env := []string{"GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "JOBQLINT_CACHE=" + filepath.Join(tmp, "jobqlint-cache")}
	if err := prepare(module, dir, warm, env); err != nil {
		return summary{}, err
	}

	// Check, untimed, that vetting from the warm cache compiles nothing.
	check := filepath.Join(tmp, "cache-check")
	if err := linkTree(warm, check); err != nil {
		return summary{}, err
	}
	for _, c := range commands[:2] {
		out, _ := output(dir, append(env, "GOCACHE="+check), append(c.args(tool)[:2:2], append([]string{"-x"}, c.args(tool)[2:]...)...))
		fmt.Printf("%s from the warm cache: %d compiles\n", c.name, strings.Count(out, "/compile "))
	}
	os.RemoveAll(check)

	results := make([][]measure, len(commands))
	for r := 0; r < rounds; r++ {
		for k := range commands {
			i := (r + k) % len(commands)
			c := commands[i]
			cache := filepath.Join(tmp, fmt.Sprintf("cache-%d-%d", r, i))
			if err := linkTree(warm, cache); err != nil {
				return summary{}, err
			}
			runEnv := append(env, "GOCACHE="+cache)
			if c.cold {
				runEnv = append(runEnv, "JOBQLINT_CACHE="+filepath.Join(tmp, fmt.Sprintf("jobqlint-cache-%d", r)))
			}
			m, err := measureRun(dir, runEnv, c.args(tool))
			os.RemoveAll(cache)
			if err != nil {
				return summary{}, fmt.Errorf("%s: %v", c.name, err)
			}
			fmt.Printf("round %d  %-26s %7.2fs  cpu %7.2fs  max process %5d MB  tree %5d MB  exit %d  load %s\n", r+1, c.name, m.wall.Seconds(), m.cpu.Seconds(), m.maxRSS>>20, m.treeRSS>>20, m.exit, loadAverage())
			results[i] = append(results[i], m)
		}
	}
	return summary{module, report(rounds, module, results, commands)}, nil
}

// prepare copies the module into dir, unless a -work directory has it
// already, and warms the compile cache warm (quickly, when it is warm).
func prepare(module, dir, warm string, env []string) error {
	if _, err := os.Stat(dir); err == nil {
		return warmCache(dir, warm, env)
	}
	src := module
	if !filepath.IsAbs(module) {
		step("downloading " + module)
		var err error
		if src, err = download(module); err != nil {
			return err
		}
	}
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		return err
	}
	// No go.work of the module's own: it is vetted as a user would vet it.
	os.Remove(filepath.Join(dir, "go.work"))
	return warmCache(dir, warm, env)
}

func warmCache(dir, warm string, env []string) error {
	step("warming the compile cache (go list -export, go vet with a tool that does nothing)")
	wenv := append(env, "GOCACHE="+warm)
	if err := sh(dir, wenv, "go", "mod", "download"); err != nil {
		return err
	}
	// The export data standalone mode loads dependencies from, and the
	// packages go vet compiles before it runs its tool: everything either
	// needs, nothing linked and nothing vetted.
	if err := sh(dir, wenv, "go", "list", "-export", "-deps", "-test", "-f", "{{if false}}{{end}}", "./..."); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	return sh(dir, wenv, "go", "vet", "-vettool="+self, "./...")
}

// nopVetTool acts as a go vet tool that checks nothing, when go vet runs
// benchvet as one (see prepare), and reports whether it did.
func nopVetTool(args []string) bool {
	switch {
	case len(args) == 1 && args[0] == "-V=full":
		// go vet keys its cache on this line: a fixed build ID that no
		// real tool has.
		fmt.Println("benchvet-nop version devel buildID=benchvet-nop-1")
	case len(args) == 1 && args[0] == "-flags":
		fmt.Println("[]")
	case len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg"):
	default:
		return false
	}
	return true
}

func report(rounds int, module string, results [][]measure, commands []command) []measure {
	fmt.Printf("\n%s, %d rounds, medians; %s, %d CPUs (%s); load average %s\n", module, rounds, runtime.GOOS+"/"+runtime.GOARCH, runtime.NumCPU(), cpuModel(), loadAverage())
	fmt.Printf("%-26s %9s %8s %9s %8s %14s %8s %12s %8s\n", "", "wall", "ratio", "cpu", "ratio", "max process", "ratio", "tree", "ratio")
	var out []measure
	base := medians(results[0])
	for i, c := range commands {
		m := medians(results[i])
		out = append(out, m)
		fmt.Printf("%-26s %8.2fs %7.2fx %8.2fs %7.2fx %11d MB %7.2fx %9d MB %7.2fx\n", c.name,
			m.wall.Seconds(), m.wall.Seconds()/base.wall.Seconds(),
			m.cpu.Seconds(), m.cpu.Seconds()/base.cpu.Seconds(),
			m.maxRSS>>20, float64(m.maxRSS)/float64(base.maxRSS),
			m.treeRSS>>20, float64(m.treeRSS)/float64(base.treeRSS))
	}
	return out
}

// printSummaries prints the ratios to plain go vet of every module side by
// side, and the standalone run's largest process.
func printSummaries(sums []summary, commands []command) {
	fmt.Printf("\nall modules (medians; ratios to plain go vet, wall / cpu); load average %s\n", loadAverage())
	for _, s := range sums {
		fmt.Printf("%s\n", s.module)
		base := s.medians[0]
		for i, c := range commands[1:] {
			m := s.medians[i+1]
			fmt.Printf("  %-26s wall %5.2fx  cpu %5.2fx  max process %5d MB\n", c.name,
				m.wall.Seconds()/base.wall.Seconds(), m.cpu.Seconds()/base.cpu.Seconds(), m.maxRSS>>20)
		}
	}
}

// loadAverage is /proc/loadavg's three averages: how busy the machine was.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

type measure struct {
	wall    time.Duration
	cpu     time.Duration // user + system, the process tree
	maxRSS  int64         // bytes: the largest single process
	treeRSS int64         // bytes: the largest sampled sum over the process tree
	exit    int
}

func medians(ms []measure) measure {
	pick := func(f func(measure) int64) int64 {
		v := make([]int64, len(ms))
		for i, m := range ms {
			v[i] = f(m)
		}
		sort.Slice(v, func(i, j int) bool { return v[i] < v[j] })
		if len(v)%2 == 1 {
			return v[len(v)/2]
		}
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return measure{
		wall:    time.Duration(pick(func(m measure) int64 { return int64(m.wall) })),
		cpu:     time.Duration(pick(func(m measure) int64 { return int64(m.cpu) })),
		maxRSS:  pick(func(m measure) int64 { return m.maxRSS }),
		treeRSS: pick(func(m measure) int64 { return m.treeRSS }),
	}
}

// measureRun runs a command and measures it. Exit codes are not errors:
// go vet and jobqlint exit non-zero when they report findings.
func measureRun(dir string, env, args []string) (measure, error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return measure{}, err
	}
	done := make(chan struct{})
	peak := make(chan int64)
	go func() { peak <- sampleTree(cmd.Process.Pid, done) }()
	err := cmd.Wait()
	wall := time.Since(start)
	close(done)
	m := measure{wall: wall, treeRSS: <-peak}
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		return m, err
	}
	m.exit = cmd.ProcessState.ExitCode()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.maxRSS = ru.Maxrss << 10 // kilobytes on Linux
	}
	// The CPU time of the whole tree: a child's usage includes the
	// descendants it waited for. Less disturbed by other work on the
	// machine than the wall time.
	m.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if m.exit != 0 && m.exit != 1 && m.exit != 3 {
		return m, fmt.Errorf("exit status %d", m.exit)
	}
	return m, nil
}

// sampleTree returns the largest total resident size of root and its
// descendants seen until done is closed.
func sampleTree(root int, done <-chan struct{}) int64 {
	page := int64(os.Getpagesize())
	var peak int64
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if total := treeRSS(root, page); total > peak {
			peak = total
		}
		select {
		case <-done:
			return peak
		case <-tick.C:
		}
	}
}

func treeRSS(root int, page int64) int64 {
	entries, _ := os.ReadDir("/proc")
	parent := map[int]int{}
	rss := map[int]int64{}
	for _, e := range entries {
		var pid int
		if _, err := fmt.Sscan(e.Name(), &pid); err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// Fields after the command name, which is in parentheses.
		s := string(b)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(fields) < 22 {
			continue
		}
		var ppid int
		var pages int64
		fmt.Sscan(fields[1], &ppid)
		fmt.Sscan(fields[21], &pages)
		parent[pid], rss[pid] = ppid, pages*page
	}
	var total int64
	for pid, r := range rss {
		for p := pid; p > 1; p = parent[p] {
			if p == root {
				total += r
				break
			}
		}
	}
	return total
}

func download(module string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", err
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil {
		return "", err
	}
	if info.Error != "" {
		return "", fmt.Errorf("%s", info.Error)
	}
	return info.Dir, nil
}

// linkTree copies a directory tree as hard links. A run from the copy only
// reads the entries it finds (and updates their times); what it adds are
// entries for actions the warm cache does not hold (the vet results), which
// are new files in the copy.
func linkTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		return os.Link(path, target)
	})
}

func sh(dir string, env []string, args ...string) error {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v", strings.Join(args, " "), err)
	}
	return nil
}

// output runs a command and returns its stdout and stderr; exit codes are
// not errors (findings).
func output(dir string, env []string, args []string) (string, error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func step(s string) { fmt.Fprintln(os.Stderr, "benchvet:", s) }

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for _, line := range strings.Split(string(b), "\n") {
		if name, ok := strings.CutPrefix(line, "model name"); ok {
			return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
		}
	}
	return "unknown CPU"
}
