package testcallers

import "testing"

func TestQuery(t *testing.T) {
	query("jobs_under_test")
}

// exec is a test's own helper: the tests' calls are all it is given.
func exec(table string) {
	sink("DELETE FROM " + table) // want `^DELETE FROM scratch@1$`
}

func TestExec(t *testing.T) { exec("scratch") }
