package queuemodel

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/stretchr/testify/require"
)

// A call of an exported name is run again after an error when the
// innermost loop around it, within its function, goes on: the error
// dropped, or logged by a branch that neither returns, breaks nor ends
// the process. A call outside any loop, one whose error goes into another
// expression, and one whose branch stops are not.
func TestLoopCallsRestart(t *testing.T) {
	src := `package main

func main() {
	for range tick {
		if err := w.Logged(ctx); err != nil {
			log.Printf("%v", err)
		}
		w.Dropped(ctx)
		_ = w.Blank(ctx)
		err := w.Continued(ctx)
		if err != nil {
			continue
		}
		if err := w.Returned(ctx); err != nil {
			return
		}
		if err := w.Broken(ctx); err != nil {
			break
		}
		if err := w.Fatal(ctx); err != nil {
			log.Fatalf("%v", err)
		}
		if err := w.Exited(ctx); err != nil {
			os.Exit(1)
		}
		if err := w.Canceled(ctx); err != nil && !errors.Is(err, context.Canceled) {
			return
		}
		n, err := w.Counted(ctx)
		log.Print(n)
		if err != nil {
			log.Print(err)
		} else {
			break
		}
		errs <- w.Sent(ctx)
		go func() {
			w.InClosure(ctx)
		}()
	}
	w.Outside(ctx)
	for w.InCond(ctx) == nil {
	}
}
`
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", src, 0)
	require.NoError(t, err)
	got := map[string]bool{}
	for _, c := range loopCalls("main.go", f) {
		got[c.name] = c.restarts
	}
	want := map[string]bool{
		"Logged": true, "Dropped": true, "Blank": true, "Continued": true,
		"Returned": false, "Broken": false, "Fatal": false, "Fatalf": true, "Exited": false, "Exit": true,
		"Sent": false, "Canceled": false, "Counted": false, "Is": false, "Print": true, "InClosure": false, "Outside": false, "InCond": false, "Printf": true,
	}
	require.Equal(t, want, got)
}
