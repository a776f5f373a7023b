// Package smslog is the module's own logger: it prints, and runs no
// statement.
package smslog

import (
	"fmt"
	"log"
	"runtime"
)

type Logger struct{ Name string }

func (l *Logger) Err(msg string, args ...any) {
	log.Println(l.Name, "ERROR", msg, fmt.Sprint(args...), caller())
}

func (l *Logger) Inf(msg string, args ...any) {
	log.Println(l.Name, "INFO", msg, fmt.Sprint(args...))
}

func caller() string {
	_, file, line, _ := runtime.Caller(2)
	return fmt.Sprintf("%s:%d", file, line)
}
