// Package pgtest gives tests a real, throwaway PostgreSQL 15 server: initdb
// into a temporary directory, a unix socket on a free port, no TCP, started
// on first use and stopped when the package's tests end. Each test gets a
// database of its own.
//
// As root (initdb refuses to run as root), the server runs as the postgres
// user through runuser. Where the server binaries are missing, tests skip,
// except under CI=true, where a missing PostgreSQL fails them.
package pgtest

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
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Main runs the tests of a package that uses pgtest and stops the server
// afterwards. Call it from TestMain: os.Exit(pgtest.Main(m)).
func Main(m *testing.M) int {
	code := m.Run()
	if srv != nil {
		srv.stop()
	}
	return code
}

var (
	once   sync.Once
	srv    *server
	srvErr error
	dbSeq  atomic.Int64
)

// Connect returns a connection to a new, empty database on the test server,
// closed when the test ends. The session's TimeZone is UTC.
func Connect(t testing.TB) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), DSN(t))
	if err != nil {
		t.Fatalf("pgtest: connect: %v", err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

// DSN creates a new database on the test server and returns a connection
// string for it.
func DSN(t testing.TB) string {
	t.Helper()
	once.Do(func() { srv, srvErr = start() })
	if srvErr != nil {
		if errors.Is(srvErr, errNoServer) && os.Getenv("CI") != "true" {
			t.Skipf("pgtest: %v (CI=true makes this a failure)", srvErr)
		}
		t.Fatalf("pgtest: %v", srvErr)
	}
	name := fmt.Sprintf("test_%d_%d", os.Getpid(), dbSeq.Add(1))
	admin, err := pgx.Connect(context.Background(), srv.dsn("postgres"))
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	defer admin.Close(context.Background())
	if _, err := admin.Exec(context.Background(), "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return srv.dsn(name)
}

var errNoServer = errors.New("PostgreSQL 15 server binaries (initdb, pg_ctl) not found")

type server struct {
	dir    string // holds data/, the socket and the log
	port   int
	bin    string
	asUser string // run the server binaries as this user ("" for the current one)
}

func (s *server) dsn(db string) string {
	return fmt.Sprintf("host=%s port=%d user=postgres dbname=%s sslmode=disable TimeZone=UTC", s.dir, s.port, db)
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
	return "", errNoServer
}

func start() (*server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return nil, err
	}
	s := &server{dir: dir, bin: bin}
	if os.Geteuid() == 0 {
		if err := s.runAsPostgres(); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	data := filepath.Join(dir, "data")
	if out, err := s.run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	// A free port can be taken between our check and the server's bind: try a few.
	for attempt := 0; attempt < 5; attempt++ {
		if s.port, err = freePort(); err != nil {
			break
		}
		opts := fmt.Sprintf("-p %d -k %s -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off", s.port, dir)
		var out []byte
		out, err = s.run("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start")
		if err == nil {
			return s, nil
		}
		err = fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, s.log())
	}
	os.RemoveAll(dir)
	return nil, err
}

func (s *server) runAsPostgres() error {
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

func (s *server) run(name string, args ...string) ([]byte, error) {
	path := filepath.Join(s.bin, name)
	var cmd *exec.Cmd
	if s.asUser != "" {
		cmd = exec.Command("runuser", append([]string{"-u", s.asUser, "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	return cmd.CombinedOutput()
}

func (s *server) log() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "log"))
	return string(b)
}

func (s *server) stop() {
	s.run("pg_ctl", "-D", filepath.Join(s.dir, "data"), "-m", "immediate", "-w", "-t", "30", "stop")
	os.RemoveAll(s.dir)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Exec runs SQL on conn, failing the test on error.
func Exec(t testing.TB, conn *pgx.Conn, sql string, args ...any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := conn.Exec(ctx, sql, args...); err != nil {
		t.Fatalf("pgtest: %v\n%s", err, sql)
	}
}
