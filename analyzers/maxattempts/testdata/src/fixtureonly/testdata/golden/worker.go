// A golden file a generator's test compares with: not built, not run.
package worker

import "fixtureonly"

func GiveUp(attempts int) bool { return attempts >= fixtureonly.MaxAttempts }
