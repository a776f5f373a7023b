package values

// Generated code (sqlboiler's column and table names) builds fields from
// fields, each read several times: following every read of every level
// takes 3^11 steps. One question gives up past a bound on its work, and
// says so, rather than run for ever.
type names struct {
	a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11 string
}

func newNames() *names {
	n := &names{}
	n.a11 = "x"
	n.a10 = n.a11 + n.a11 + n.a11
	n.a9 = n.a10 + n.a10 + n.a10
	n.a8 = n.a9 + n.a9 + n.a9
	n.a7 = n.a8 + n.a8 + n.a8
	n.a6 = n.a7 + n.a7 + n.a7
	n.a5 = n.a6 + n.a6 + n.a6
	n.a4 = n.a5 + n.a5 + n.a5
	n.a3 = n.a4 + n.a4 + n.a4
	n.a2 = n.a3 + n.a3 + n.a3
	n.a1 = n.a2 + n.a2 + n.a2
	n.a0 = n.a1 + n.a1 + n.a1
	return n
}

func work(n *names) {
	sink("SELECT * FROM " + n.a0) // want `too much to follow`
}
