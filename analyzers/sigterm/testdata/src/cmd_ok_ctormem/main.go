// The command only ever makes the in-memory queue: nothing is claimed from
// PostgreSQL, whatever the PostgreSQL implementation does.
package main

import (
	"context"

	"runq"
)

func main() {
	q := runq.NewMemory()
	q.Work(context.Background())
}
