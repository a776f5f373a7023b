package nodb

func retry() {}

// A package that touches no database gets no SSA: nothing to ask about.
func run() {
	retry() // want `no SSA`
}
