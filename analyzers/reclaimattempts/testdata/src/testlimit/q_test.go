package testlimit

import "testing"

func checkAttempts(t *testing.T, attempts, before int) {
	if attempts <= before {
		t.Fatalf("the claim spent no attempt: %d after %d", attempts, before)
	}
}
