// main's own loop around a claim from another package.
package main

import (
	"context"
	"fmt"

	"worker"
)

func main() {
	ctx := context.Background()
	w := &worker.Worker{}
	for {
		id, err := w.Claim(ctx) // want `w.Claim starts a claim loop`
		fmt.Println(id, err)
	}
}
