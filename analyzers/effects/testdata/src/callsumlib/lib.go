// want package:"nostatement Count Down Hello Logger.Err Logger.Inf Subject}"

// Package callsumlib holds helpers a sender calls from another package:
// a logger and a message builder that run no statement, and helpers that
// may write (a store, a function held in a field, an interface of the
// module, a handle embedded or given).
package callsumlib

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log"
	"strings"

	"example.com/sqlrun"
)

type Logger struct {
	Prefix string
	Out    io.Writer
}

func (l *Logger) Err(msg string, args ...any) {
	log.Println(l.Prefix, msg, fmt.Sprint(args...), trace())
	if l.Out != nil {
		_, _ = io.WriteString(l.Out, msg) // the standard library's interface
		_, _ = l.Out.Write([]byte("\n"))
	}
}

// Log is the module's own logger interface: its methods only log.
type Log interface{ Info(msg string) }

func Hello(l Log) {
	l.Info("hello")
}

func (l *Logger) Inf(msg string) {
	l.Err(msg) // a method of the package that runs none
}

// trace is unexported: no other package can call it, so it has no fact.
func trace() string {
	return strings.Repeat("-", 3)
}

func Subject(to []string) (string, error) {
	if len(to) == 0 {
		return "", fmt.Errorf("no recipients")
	}
	return func() string { return "to " + strings.Join(to, ", ") }(), nil
}

// Store writes through the pool its receiver holds.
type Store struct{ db *sql.DB }

func (s *Store) MarkFailed(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE mails SET status = 'failed' WHERE id = $1`, id)
	return err
}

// Failed calls a method of the package that writes.
func (s *Store) Failed(ctx context.Context, id int64) error {
	log.Printf("mail %d failed", id)
	return s.MarkFailed(ctx, id)
}

// Embedded writes through a promoted method of its embedded handle.
type Embedded struct{ *sql.DB }

func (e Embedded) Touch(ctx context.Context, id int64) {
	_, _ = e.ExecContext(ctx, `UPDATE mails SET seen = true WHERE id = $1`, id)
}

// Record gives a library the handle it writes with.
func Record(ctx context.Context, tx *sql.Tx, id int64) {
	_ = sqlrun.Run(ctx, tx, `UPDATE mails SET noted = true WHERE id = $1`, id)
}

func Note(h interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, id int64) {
	_, _ = h.ExecContext(context.Background(), `UPDATE mails SET noted = true WHERE id = $1`, id)
}

// Sink is the module's own interface: what runs behind it is out of sight.
type Sink interface {
	Put(ctx context.Context, msg string) error
}

type Audit struct{ Sink Sink }

func (a *Audit) Note(ctx context.Context, msg string) {
	_ = a.Sink.Put(ctx, msg)
}

// Hook runs a function it holds: out of sight.
type Hook struct{ OnFail func(id int64) }

func (h *Hook) Fire(id int64) {
	h.OnFail(id)
}

// Ping goes round a cycle of the package's own calls, one of which writes.
func Ping(ctx context.Context, s *Store, n int) {
	if n > 0 {
		Pong(ctx, s, n-1)
	}
}

func Pong(ctx context.Context, s *Store, n int) {
	Ping(ctx, s, n)
	_ = s.Failed(ctx, int64(n))
}

// Count goes round a cycle that writes nowhere.
func Count(n int) int {
	if n == 0 {
		return 0
	}
	return Down(n)
}

func Down(n int) int {
	return Count(n - 1)
}

// Outside has its body elsewhere (assembly): out of sight.
func Outside() int
