package main

import (
	"context"
	"testing"
	"time"

	"loopr"
	"tickw"
)

func TestTickLoop(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	loopr.Every(ctx, time.Millisecond, (&tickw.Worker{}).Tick)
}
