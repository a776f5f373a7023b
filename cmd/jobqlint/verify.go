package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/jobqlint/jobqlint/internal/verify"
)

// verifyFindings runs -verify: it attaches the evidence to the findings and
// returns those PostgreSQL did not refute; the withdrawn ones are named on
// stderr with the reason.
func verifyFindings(findings []finding, dsn string, stderr io.Writer) ([]finding, error) {
	var todo []verify.Finding
	var at []int
	for i, f := range findings {
		if verify.Rules[f.Rule] && f.of.Model != nil {
			todo = append(todo, f.of)
			at = append(at, i)
		}
	}
	warn := func(msg string) { fmt.Fprintf(stderr, "jobqlint: -verify: %s\n", msg) }
	// An interrupt ends the checks and stops the throwaway server: pg_ctl
	// starts it in a session of its own, so Ctrl-C does not reach it.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ev, err := verify.Run(ctx, verify.Options{DSN: dsn, Warn: warn}, todo)
	if err != nil {
		return nil, err
	}
	for k, i := range at {
		findings[i].Evidence = ev[k]
	}
	kept := findings[:0:0]
	for _, f := range findings {
		if f.Evidence.Withdrawn() {
			fmt.Fprintf(stderr, "jobqlint: -verify withdrew %s:%d:%d: %s: %s\n\t%s\n", relPath(f.File), f.Line, f.Column, f.Rule, f.Message, f.Evidence.Summary)
			continue
		}
		kept = append(kept, f)
	}
	return kept, nil
}

// evidenceLine is how text, github and rdjsonl show a finding's evidence.
func evidenceLine(e *verify.Evidence) string {
	if e == nil {
		return ""
	}
	if e.Verified == nil {
		return "not verified: " + e.Summary
	}
	return "verified on PostgreSQL: " + e.Summary
}
