package queuemodel

import (
	"fmt"
	"strings"
)

// Wrapper is the fact that a function passes one of its string parameters
// through to a database call as SQL, so its callers' arguments are SQL.
type Wrapper struct {
	Param    int // index of the SQL parameter
	Method   string
	Receiver Receiver
	API      API
}

func (*Wrapper) AFact() {}

func (w *Wrapper) String() string {
	return fmt.Sprintf("sql wrapper(param %d -> %s on %s)", w.Param, w.Method, w.Receiver)
}

// Queues is the package fact listing the tables that the package, or any
// package it depends on, polls or claims as a job queue.
type Queues struct {
	Tables []string // qualified names, sorted
}

func (*Queues) AFact() {}

func (q *Queues) String() string { return "queues(" + strings.Join(q.Tables, ", ") + ")" }
