package recvtypes

import "recvlib"

func givenOne(q recvlib.Queue) {
	q.Work() // want `on recvlib.PG`
}

func givenTwo(q recvlib.Queue) {
	q.Work() // want `on recvlib.PG\|recvtypes.local`
}

func givenAsValue(q recvlib.Queue) {
	q.Work() // want `on \?`
}

// GivenExported may be called from anywhere.
func GivenExported(q recvlib.Queue) {
	q.Work() // want `on \?`
}

func callers(cond bool) {
	givenOne(recvlib.Open())
	givenTwo(recvlib.Open())
	givenTwo(local{})
	givenAsValue(local{})
	apply(givenAsValue)
	GivenExported(local{})
}

func apply(f func(recvlib.Queue)) { f(recvlib.Open()) }
