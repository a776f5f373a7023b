package ok_example

import (
	"context"
	"log"
	"testing"

	"bkstore"
)

func Example() {
	ctx := context.Background()
	var w *bkstore.W
	if err := bkstore.Handle(ctx, 1); err != nil {
		log.Fatalln(err)
	}
	if err := w.Finish(ctx, 1); err != nil {
		log.Fatalln(err)
	}
}

func TestFinish(t *testing.T) {
	ctx := context.Background()
	var w *bkstore.W
	if err := bkstore.Handle(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(ctx, 1); err != nil {
		panic(err)
	}
}
