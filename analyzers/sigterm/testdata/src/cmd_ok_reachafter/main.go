// time.AfterFunc runs the claim once, after a delay: no claim loop.
package main

import (
	"time"

	"tickw"
)

func main() {
	w := &tickw.Worker{}
	done := make(chan struct{})
	time.AfterFunc(time.Second, func() { w.Process(); close(done) })
	<-done
}
