// Package sighelper is a command helper library: the signal handling a
// command gets from a call, two functions away from signal.Notify.
package sighelper

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// InterruptContext is cancelled on Ctrl-C and on SIGTERM.
func InterruptContext() (context.Context, context.CancelFunc) { // want InterruptContext:"notifies SIGTERM"
	return contextFrom(interrupts())
}

func interrupts() <-chan os.Signal {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM)
	return c
}

func contextFrom(c <-chan os.Signal) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-c
		cancel()
	}()
	return ctx, cancel
}

// CtrlCContext is cancelled on Ctrl-C only: a deploy's SIGTERM still kills.
func CtrlCContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}
