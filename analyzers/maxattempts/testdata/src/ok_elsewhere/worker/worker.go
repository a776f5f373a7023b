package worker

import "ok_elsewhere"

func GiveUp(attempts int) bool { return attempts >= ok_elsewhere.MaxAttempts }
