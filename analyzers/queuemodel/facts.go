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
	// States are, for the tables whose states a package knows (those it
	// polls or claims itself, and those it learnt of from its own
	// dependencies), the state column and the states jobs wait in, by
	// table, sorted: an importer that only sees a reaper's UPDATE of
	// the table (SET status = 'pending' WHERE status = 'processing')
	// would otherwise infer the states from it backwards.
	States []TableStates
}

// TableStates are a queue table's state column and runnable states.
type TableStates struct {
	Table    string
	Column   string
	Runnable []string
}

func (*Queues) AFact() {}

func (q *Queues) String() string { return "queues(" + strings.Join(q.Tables, ", ") + ")" }
