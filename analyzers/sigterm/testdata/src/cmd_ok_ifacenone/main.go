// No implementation of the store in sight (it comes from a plugin or
// another module): what the worker loop does is unknown, and the rule is
// silent.
package main

import (
	"context"

	"ifqueue"
	"ifworker"
)

var open func() ifqueue.Store

func main() {
	w := &ifworker.Worker{Store: open()}
	w.Run(context.Background())
}
