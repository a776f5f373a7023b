// Which value of a bool parameter lets a call run.
package decidedby

func work() {}
func log()  {}

func onFalse(last bool) {
	if last {
		log()
		return
	}
	work() // want `when last is false`
}

func onTrue(retry bool) {
	if !retry { // go/ssa swaps the ways: the if tests retry
		return
	}
	work() // want `when retry is true`
}

func noted(last bool) {
	if last {
		log() // both ways go on to work: this branch decides nothing
	}
	if last {
		return
	}
	work() // want `when last is false`
}

func both(last bool) {
	if last {
		log()
	} else {
		log()
	}
	work() // want `undecided`
}

func never(last bool) {
	if last {
		if !last {
			work() // want `undecided`
		}
	}
}
