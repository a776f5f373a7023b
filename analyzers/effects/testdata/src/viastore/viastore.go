package viastore

import "order"

func retry() {}

// A package that imports one that touches a database is modelled too.
func run() {
	_ = order.Exported
	retry() // want `unguarded unconditional=true`
}
