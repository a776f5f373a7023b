package order

import "database/sql"

var db *sql.DB

func retry() {}
func fail()  {}
func log()   {}

func earlyReturn(attempts, max int) {
	if attempts >= max {
		fail()
		return
	}
	retry() // want `guarded unconditional=false`
}

func switchCase(attempts, max int) {
	switch {
	case attempts >= max:
		fail()
	default:
		retry() // want `guarded unconditional=false`
	}
}

func ifElse(attempts, max int) {
	if attempts < max {
		retry() // want `guarded unconditional=false`
	} else {
		fail()
	}
}

func logOnly(attempts, max int) {
	if attempts > 0 {
		log()
	}
	retry() // want `unguarded unconditional=true`
}

func otherCondition(attempts int, err error) {
	if err != nil {
		return
	}
	retry() // want `unguarded unconditional=false`
}

func loopBreak(attempts, max int) {
	for {
		if attempts >= max {
			break
		}
		retry() // want `guarded unconditional=false`
		attempts++
	}
}

func closureUnderGuard(attempts, max int) {
	if attempts < max {
		go func() {
			retry() // want `guarded unconditional=true`
		}()
	}
}

func closureUnguarded(attempts, max int) {
	go func() {
		retry() // want `unguarded unconditional=true`
	}()
}

func guardOnOnePath(attempts, max int, x bool) {
	if x {
		if attempts >= max {
			return
		}
	}
	retry() // want `unguarded unconditional=false`
}

func retryBeforeGuard(attempts, max int) {
	retry() // want `unguarded unconditional=true`
	if attempts >= max {
		fail()
	}
}

func inLoop(attempts []int) {
	for range attempts {
		retry() // want `unguarded unconditional=false`
	}
}

func guardInLoop(attempts, max, n int) {
	for i := 0; i < n; i++ {
		if attempts >= max {
			fail()
			continue
		}
		retry() // want `guarded unconditional=false`
	}
}

func logInLoop(attempts, n int) {
	for i := 0; i < n; i++ {
		if attempts > 0 {
			log()
		}
		retry() // want `unguarded unconditional=false`
	}
}
