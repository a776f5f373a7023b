package use

import "constvars/states"

func sink(args ...any) {}

func Bind() {
	sink(states.Queued, states.Running) // want `{Queued=queued} ; {Running=running}`
	sink(states.Reset)                  // want `{Reset: package variable Reset of another package}`
	sink(states.Pointed)                // want `{Pointed: package variable Pointed of another package}`
	sink(states.Built)                  // want `{Built: package variable Built of another package}`
	sink(states.Changed)                // want `{Changed: package variable Changed of another package}`
	sink(states.Taken)                  // want `{Taken: package variable Taken of another package}`
}

func Take() *states.Status { return &states.Taken }

func Change() { states.Changed = "other" }
