package recvtypes

import "recvlib"

type local struct{}

func (local) Work() error { return nil }

type worker struct{ q recvlib.Queue }

func direct() {
	var q recvlib.Queue = local{}
	q.Work() // want `on recvtypes.local`
}

func viaFact() {
	recvlib.Open().Work() // want `on recvlib.PG`
	q, _ := recvlib.Choose(false)
	q.Work() // want `on recvlib.PG\|recvlib.mem`
}

func branches(cond bool) {
	q := recvlib.Open()
	if cond {
		q = local{}
	}
	q.Work() // want `on recvlib.PG\|recvtypes.local`
}

func field() {
	w := &worker{q: recvlib.Open()}
	w.q.Work() // want `on recvlib.PG`
}

func captured(done chan struct{}) {
	q := recvlib.Open()
	go func() {
		q.Work() // want `on recvlib.PG`
		close(done)
	}()
	var shared recvlib.Queue = local{}
	func() { shared = recvlib.Open() }()
	shared.Work() // want `on recvlib.PG\|recvtypes.local`
	var handed recvlib.Queue = local{}
	func() { set(&handed) }()
	handed.Work() // want `on \?`
}

func set(q *recvlib.Queue) { *q = recvlib.Open() }

func ownConstructor() recvlib.Queue { return local{} }

func ownResult() {
	ownConstructor().Work() // want `on recvtypes.local`
}

func outOfSight(q recvlib.Queue, v any) {
	q.Work()                     // want `on \?`
	recvlib.Wrap(local{}).Work() // want `on \?`
	v.(recvlib.Queue).Work()     // want `on \?`
	q2, _ := recvlib.Fail()
	q2.Work() // want `on nothing`
}
