// The claim loop and the SIGTERM handling are both parts handed to the
// application: shutdownhook.Listen, registered as a value, asks for
// SIGTERM when it runs.
package main

import (
	"context"
	"time"

	"loopr"
	"shutdownhook"
	"tickw"
)

func main() {
	w := &tickw.Worker{}
	app := &shutdownhook.App{}
	app.Add(shutdownhook.Listen)
	loopr.Every(context.Background(), time.Second, w.Tick)
}
