package attempts

import (
	"go/parser"
	"strings"
	"testing"
)

func TestOperand(t *testing.T) {
	isLimit := func(name string) bool { return strings.HasPrefix(strings.ToLower(name), "max") }
	for src, want := range map[string]bool{
		"attempts":       true,
		"job.Attempts":   true,
		"*tries":         true, // a count behind a pointer
		"j.Attempt()":    true,
		"(job.Retries)":  true,
		"maxAttempts":    false, // excluded: the limit, not the count
		"cfg.MaxRetries": false,
		"j.Attempt(1)":   false, // a call with arguments computes something else
		"retry_at":       false,
		"len(attempts)":  false,
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if got := Operand(e, isLimit); got != want {
			t.Errorf("Operand(%s) = %v, want %v", src, got, want)
		}
	}
}
