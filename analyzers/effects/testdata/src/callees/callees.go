package callees

import (
	"os"
	"os/signal"
	"strings"
)

type notifyFunc = func(c chan<- os.Signal, sig ...os.Signal)

func quiet(c chan<- os.Signal, sig ...os.Signal) {}

// A package variable: every value its initializer and the package store.
var notify = signal.Notify

var twice notifyFunc = quiet

func init() { twice = signal.Notify }

// Its address handed away: anything may be stored through it.
var handed notifyFunc = quiet

func install(p *notifyFunc) { *p = signal.Notify }

// Exported: another package may set it.
var Exported notifyFunc = quiet

// A field set by a constructor (a composite literal) and by assignment.
type server struct {
	notify notifyFunc
}

func newServer() *server { return &server{notify: signal.Notify} }

func (s *server) quieten() { s.notify = quiet }

type plain struct{ f func(string) string }

func calls(c chan os.Signal, param notifyFunc, cond bool) {
	install(&handed)
	notify(c)             // want `calls os/signal.Notify`
	twice(c)              // want `calls callees.quiet\|os/signal.Notify`
	handed(c)             // want `calls \?`
	Exported(c)           // want `calls \?`
	param(c)              // want `calls \?`
	newServer().notify(c) // want `calls callees.quiet\|os/signal.Notify`

	local := quiet
	if cond {
		local = signal.Notify
	}
	local(c) // want `calls callees.quiet\|os/signal.Notify`

	p := plain{f: strings.ToUpper}
	p.f("x") // want `calls strings.ToUpper`

	n := 0
	bump := func(c chan<- os.Signal, sig ...os.Signal) { n++ }
	bump(c) // want `calls callees.calls\$1`
}
