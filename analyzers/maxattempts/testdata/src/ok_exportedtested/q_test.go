package ok_exportedtested

import (
	"context"
	"testing"
)

func TestRequeue(t *testing.T) {
	var s Store
	if err := s.Requeue(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
}
