// A command that claims one job, once: no loop for a deploy to interrupt
// for ever.
package main

import (
	"context"
	"fmt"

	"worker"
)

func main() {
	w := &worker.Worker{}
	fmt.Println(w.Claim(context.Background()))
}
