// Package states names job states with exported package variables, as a
// module may instead of constants.
package states

type Status string

var (
	Queued  Status = "queued"
	Running Status = "running"
	// Reset is assigned again below: its value is out of sight.
	Reset Status = "queued"
	// Pointed has its address taken: anything may write it.
	Pointed Status = "pointed"
	// Built is no constant.
	Built = Status("b" + suffix())
	// Changed by the package that uses it (see use).
	Changed Status = "changed"
	// Taken's address is taken by the package that uses it (see use).
	Taken Status = "taken"
)

var hidden Status = "hidden"

func suffix() string { return "uilt" }

func Configure(s Status) { Reset = s }

func Addr() *Status { return &Pointed }

func Hidden() Status { return hidden }
