// Package pgserver starts a throwaway PostgreSQL 15 server: initdb into a
// temporary directory, a unix socket on a free port, no TCP. The tests use
// it through pgtest; the reference queue's chaos and benchmark commands use
// it directly, since they restart the server or measure it.
//
// initdb refuses to run as root: as root, the server binaries run as the
// postgres user through runuser.
package pgserver

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5"
)

// ErrNoServer means the PostgreSQL 15 server binaries are not installed.
var ErrNoServer = errors.New("PostgreSQL 15 server binaries (initdb, pg_ctl) not found")

// Installed reports ErrNoServer when the server binaries are missing.
func Installed() error {
	_, err := binDir()
	return err
}

// Options choose the server's durability.
type Options struct {
	// Fsync keeps fsync and full_page_writes on: the server survives an
	// operating-system crash. Off, it survives only its own crash.
	Fsync bool
	// SynchronousCommit makes COMMIT wait for its WAL record to be written.
	// Off, an immediate shutdown can lose the last commits: tests that
	// restart the server need it on.
	SynchronousCommit bool
	// Settings are extra -c name=value settings.
	Settings map[string]string
}

// Server is a running throwaway server. Stop removes everything it wrote.
type Server struct {
	dir    string // holds data/, the socket and the log
	port   int
	bin    string
	asUser string // run the server binaries as this user ("" for the current one)
	opts   Options
}

// Start runs initdb and starts the server.
func Start(opts Options) (*Server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pgserver-")
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir, bin: bin, opts: opts}
	if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if os.Geteuid() == 0 {
		if err := s.runAsPostgres(); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	s.stopOrphans()
	if out, err := s.run("initdb", "-D", s.data(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	// A free port can be taken between our check and the server's bind: try a few.
	for attempt := 0; attempt < 5; attempt++ {
		if s.port, err = freePort(); err != nil {
			break
		}
		if err = s.start(); err == nil {
			return s, nil
		}
	}
	os.RemoveAll(dir)
	return nil, err
}

// DSN is a connection string for database db, with the session in UTC.
func (s *Server) DSN(db string) string {
	return fmt.Sprintf("host=%s port=%d user=postgres dbname=%s sslmode=disable TimeZone=UTC", s.dir, s.port, db)
}

// CreateDatabase creates an empty database and returns its DSN.
func (s *Server) CreateDatabase(ctx context.Context, name string) (string, error) {
	admin, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return "", err
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", err
	}
	return s.DSN(name), nil
}

// Crash stops the server the way a power cut would stop its processes
// (pg_ctl -m immediate: no shutdown checkpoint; the next start replays WAL)
// and starts it again on the same port. Open connections are broken.
func (s *Server) Crash() error {
	if out, err := s.run("pg_ctl", "-D", s.data(), "-m", "immediate", "-w", "-t", "60", "stop"); err != nil {
		return fmt.Errorf("pg_ctl stop: %v\n%s", err, out)
	}
	return s.start()
}

// Stop stops the server and removes its directory.
func (s *Server) Stop() {
	s.run("pg_ctl", "-D", s.data(), "-m", "immediate", "-w", "-t", "30", "stop")
	os.RemoveAll(s.dir)
}

// ownerFile, in a server's directory, holds the process id of the
// process that started it.
const ownerFile = "owner"

// stopOrphans stops the servers of this package whose starting process
// is gone (a test binary killed, or ended by its -timeout panic, runs no
// cleanup) and removes their directories. A directory with no owner file,
// or whose owner still runs, is left alone.
func (s *Server) stopOrphans() {
	dirs, _ := filepath.Glob(filepath.Join(filepath.Dir(s.dir), "pgserver-*"))
	for _, dir := range dirs {
		if dir == s.dir {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 || alive(pid) {
			continue
		}
		orphan := &Server{dir: dir, bin: s.bin, asUser: s.asUser}
		orphan.Stop()
	}
}

// alive reports whether a process runs with that id (one another user
// owns counts).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// Log is the server's log so far.
func (s *Server) Log() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "log"))
	return string(b)
}

func (s *Server) data() string { return filepath.Join(s.dir, "data") }

func (s *Server) start() error {
	onOff := map[bool]string{true: "on", false: "off"}
	settings := []string{
		"listen_addresses=''",
		"fsync=" + onOff[s.opts.Fsync],
		"full_page_writes=" + onOff[s.opts.Fsync],
		"synchronous_commit=" + onOff[s.opts.SynchronousCommit],
	}
	for k, v := range s.opts.Settings {
		settings = append(settings, k+"="+v)
	}
	opts := fmt.Sprintf("-p %d -k %s", s.port, s.dir)
	for _, kv := range settings {
		opts += " -c " + kv
	}
	out, err := s.run("pg_ctl", "-D", s.data(), "-o", opts, "-l", filepath.Join(s.dir, "log"), "-w", "-t", "60", "start")
	if err != nil {
		return fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, s.Log())
	}
	return nil
}

// binDir finds PostgreSQL 15's server binaries.
func binDir() (string, error) {
	candidates := []string{"/usr/lib/postgresql/15/bin"}
	if p, err := exec.LookPath("initdb"); err == nil {
		candidates = append([]string{filepath.Dir(p)}, candidates...)
	}
	for _, dir := range candidates {
		out, err := exec.Command(filepath.Join(dir, "postgres"), "--version").Output()
		if err == nil && strings.Contains(string(out), " 15.") {
			return dir, nil
		}
	}
	return "", ErrNoServer
}

func (s *Server) runAsPostgres() error {
	u, err := user.Lookup("postgres")
	if err != nil {
		return fmt.Errorf("running as root needs a postgres user: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(s.dir, uid, gid); err != nil {
		return err
	}
	s.asUser = "postgres"
	return nil
}

func (s *Server) run(name string, args ...string) ([]byte, error) {
	path := filepath.Join(s.bin, name)
	var cmd *exec.Cmd
	if s.asUser != "" {
		cmd = exec.Command("runuser", append([]string{"-u", s.asUser, "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	return cmd.CombinedOutput()
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
