// A robfig/cron scheduler runs the claim on every tick of its spec.
package main

import (
	"github.com/robfig/cron/v3"

	"tickw"
)

func main() {
	w := &tickw.Worker{}
	c := cron.New()
	c.AddFunc("@every 1m", w.Process) // want `c.AddFunc starts a claim loop, but this command never handles SIGTERM`
	c.Run()
}
