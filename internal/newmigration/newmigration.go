// Package newmigration writes a schema change as a new migration file
// beside the existing ones, in their directory's scheme: its numbering
// (a sequence or a timestamp), up/down file pairs where it uses them, and
// its migration tool's markers (goose, dbmate, sql-migrate, tern),
// including the one for statements that cannot run in a transaction. It
// never edits an existing file.
package newmigration

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jobqlint/jobqlint/analyzers/rule"
)

// Tools whose markers a directory's migrations use.
const (
	Plain      = ""            // plain SQL: the runner runs the file (golang-migrate, Atlas, psql ...)
	Goose      = "goose"       // -- +goose Up / Down
	Dbmate     = "dbmate"      // -- migrate:up / down
	SQLMigrate = "sql-migrate" // -- +migrate Up / Down
	Tern       = "tern"        // ---- create above / drop below ----
)

// A Scheme is how a directory's migrations are written.
type Scheme struct {
	Dir   string
	Tool  string
	Pairs bool // NAME.up.sql and NAME.down.sql
	// Timestamps: the files are numbered by a UTC timestamp
	// (20240102150405); else by a sequence Width digits wide.
	Timestamps bool
	Width      int
	Sep        string // between the number and the name: "_" or "-"
	last       uint64 // the highest number in use
}

var numbered = regexp.MustCompile(`^(\d+)([_-])`)

// Detect reads the scheme of a directory of migrations. A directory whose
// .sql files carry no number is not one.
func Detect(dir string) (*Scheme, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	s := &Scheme{Dir: dir, Sep: "_"}
	found, timestamps := 0, true
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".sql") {
			continue
		}
		m := numbered.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		n, err := strconv.ParseUint(m[1], 10, 64)
		if err != nil {
			continue
		}
		found++
		if n > s.last {
			s.last, s.Width, s.Sep = n, len(m[1]), m[2]
		}
		if len(m[1]) < 14 {
			timestamps = false
		}
		if strings.HasSuffix(name, ".up.sql") || strings.HasSuffix(name, ".down.sql") {
			s.Pairs = true
		}
		if s.Tool == Plain {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				return nil, err
			}
			s.Tool = toolOf(string(data))
		}
	}
	if found == 0 {
		return nil, fmt.Errorf("%s holds no numbered migrations (001_name.sql, 20240102150405_name.sql)", dir)
	}
	s.Timestamps = timestamps
	return s, nil
}

var markers = []struct {
	tool string
	rx   *regexp.Regexp
}{
	{Goose, regexp.MustCompile(`(?im)^[ \t]*--[ \t]*\+goose[ \t]+(up|down)\b`)},
	{SQLMigrate, regexp.MustCompile(`(?im)^[ \t]*--[ \t]*\+migrate[ \t]+(up|down)\b`)},
	{Dbmate, regexp.MustCompile(`(?im)^[ \t]*--[ \t]*migrate:(up|down)\b`)},
	{Tern, regexp.MustCompile(`(?im)^[ \t]*-+[ \t]*create above / drop below`)},
}

func toolOf(sql string) string {
	for _, m := range markers {
		if m.rx.MatchString(sql) {
			return m.tool
		}
	}
	return Plain
}

// next returns the number of the next migration.
func (s *Scheme) next(now time.Time) string {
	if s.Timestamps {
		const layout = "20060102150405"
		t := now.UTC()
		last := strconv.FormatUint(s.last, 10)
		if lt, err := time.Parse(layout, last); err == nil && !t.After(lt) {
			t = lt.Add(time.Second) // the clock is behind the newest migration
		}
		n, _ := strconv.ParseUint(t.Format(layout), 10, 64)
		if n <= s.last {
			n = s.last + 1 // a number that is no time: keep the order
		}
		s.last = n
		return strconv.FormatUint(n, 10)
	}
	s.last++
	return fmt.Sprintf("%0*d", s.Width, s.last)
}

// Write writes m as the directory's next migration and returns the files
// it created. It fails rather than overwrite a file.
func (s *Scheme) Write(m *rule.Migration, now time.Time) ([]string, error) {
	base := s.next(now) + s.Sep + m.Name
	files := map[string]string{}
	var order []string
	if s.Pairs {
		up, down := filepath.Join(s.Dir, base+".up.sql"), filepath.Join(s.Dir, base+".down.sql")
		files[up] = comment(m.Comment) + m.Up + ";\n"
		files[down] = m.Down + ";\n"
		order = []string{up, down}
	} else {
		f := filepath.Join(s.Dir, base+".sql")
		files[f] = s.render(m)
		order = []string{f}
	}
	for _, f := range order {
		if _, err := os.Stat(f); err == nil {
			return nil, fmt.Errorf("%s exists", f)
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	for _, f := range order {
		if err := os.WriteFile(f, []byte(files[f]), 0o644); err != nil {
			return nil, err
		}
	}
	return order, nil
}

// render writes a one-file migration with its tool's markers.
func (s *Scheme) render(m *rule.Migration) string {
	up, down := comment(m.Comment)+m.Up+";\n", m.Down+";\n"
	switch s.Tool {
	case Goose:
		head := ""
		if m.NoTransaction {
			head = "-- +goose NO TRANSACTION\n"
		}
		return head + "-- +goose Up\n" + up + "\n-- +goose Down\n" + down
	case Dbmate:
		opt := ""
		if m.NoTransaction {
			opt = " transaction:false"
		}
		return "-- migrate:up" + opt + "\n" + up + "\n-- migrate:down" + opt + "\n" + down
	case SQLMigrate:
		opt := ""
		if m.NoTransaction {
			opt = " notransaction"
		}
		return "-- +migrate Up" + opt + "\n" + up + "\n-- +migrate Down" + opt + "\n" + down
	case Tern:
		head := ""
		if m.NoTransaction {
			head = "---- tern: disable-tx ----\n"
		}
		return head + up + "\n---- create above / drop below ----\n\n" + down
	}
	// A plain file has no down section; one statement, so that a runner
	// that sends the file as one query runs it outside a transaction block.
	return up
}

func comment(text string) string {
	if text == "" {
		return ""
	}
	var b strings.Builder
	for _, line := range wrap(text, 76) {
		b.WriteString("-- " + line + "\n")
	}
	return b.String()
}

func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
