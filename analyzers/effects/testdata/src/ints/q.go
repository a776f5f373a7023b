// Integer states bound as arguments: constants of a named type, through a
// helper's parameters and phi nodes; a value two constants share is named
// by neither.
package ints

type Status int16

const (
	Pending Status = iota
	Running
	Done
	Finished = Done // a second name for 2
)

type Kind uint8

const (
	KindA Kind = 1
	KindB Kind = 1
)

func intsink(args ...any) {}

func direct() {
	intsink(Running, Pending) // want `\{Running=1\} ; \{Pending=0\}`
}

func helper(s Status) {
	intsink(s) // want `\{Pending=0\}@1 \| \{Running=1\}@1`
}

func callers() {
	helper(Pending)
	helper(Running)
}

func branch(ok bool) {
	s := Pending
	if !ok {
		s = Done
	}
	intsink(s) // want `\{Pending=0\} \| 2`
}

func shared() {
	intsink(KindA, 7) // want `1 ; 7`
}

func notConstant(n int) {
	intsink(n) // want `hole: parameter n of notConstant, which nothing calls`
}

func untyped() {
	intsink(Status(5)) // want `5`
}
