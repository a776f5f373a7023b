package testcallers

import "testing"

func TestQuery(t *testing.T) {
	query("jobs_under_test")
}
