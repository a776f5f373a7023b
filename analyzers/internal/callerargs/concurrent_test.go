package callerargs

import (
	"sync"
	"testing"
)

// One module's index is shared by every package a standalone run analyses,
// and the checker runs packages at once: questions asked together must not
// race on the memo maps (the runtime stops a process that writes a map
// while another goroutine reads it).
func TestSharedIndexAnsweredConcurrently(t *testing.T) {
	Forget()
	ix := Of(shop, "")
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				ix.Tuples("SetStatus", 3, []int{2})
				ix.Tuples("Move", 4, []int{2, 3})
				ix.FieldTuples("Move", 4, []Pos{{Index: 3}})
			}
		}()
	}
	wg.Wait()
}
