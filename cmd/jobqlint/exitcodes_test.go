package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// The exit codes -help lists are the ones the documentation's table
// explains, in the same order, and every code the driver returns is in
// both.
func TestExitCodesDocumented(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "configuration-and-adoption.md"))
	if err != nil {
		t.Fatal(err)
	}
	var documented []int
	for _, m := range regexp.MustCompile(`(?m)^\| (\d+) \| `).FindAllStringSubmatch(string(data), -1) {
		n, _ := strconv.Atoi(m[1])
		documented = append(documented, n)
	}
	var listed []int
	for _, c := range exitCodes {
		listed = append(listed, c.code)
	}
	if !slices.Equal(documented, listed) {
		t.Errorf("docs/configuration-and-adoption.md documents the exit codes %v, -help lists %v", documented, listed)
	}
	for _, code := range []int{exitClean, exitError, exitUsage, exitFindings, exitIncomplete} {
		if !slices.Contains(listed, code) {
			t.Errorf("exit code %d is not listed", code)
		}
	}
}
