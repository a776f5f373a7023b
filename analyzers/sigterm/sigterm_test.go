package sigterm_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
	"github.com/jobqlint/jobqlint/analyzers/sigterm"
)

// Worker commands that die mid-job on every deploy.
func TestRejected(t *testing.T) {
	ruletest.Run(t, sigterm.Analyzer,
		"cmdnosig", "cmdsigint", "cmdloop", "cmddeep", "cmdiface", "cmdifacetwo",
		"cmdsyscallint", "cmdsighelperint", "cmdnotifyother", "cmdnotifyparamint",
		"cmdnotifyfieldother", "cmdnotifyexported", "cmdnotifyctxother",
		"cmdctorone", "cmdfieldone", "cmdvaraction", "cmdifacedoc")
}

// Worker commands whose claim loop is started through a function value:
// a method value or a function literal handed to a runner that calls it in
// a loop (of the module, or a scheduler such as robfig/cron), or a claim
// loop handed to an errgroup; workers held as interface values in a
// slice the command builds, started in a loop; and a package of the
// module that starts its workers from a slice of method values of its
// interfaces (svcslice), filled by the command with a store that claims
// in a loop: ranged over as they are (StartWorkers) or each handed to a
// function literal called where it is made (StartEach, beside a retry
// helper whose closure runs itself).
func TestRejectedThroughValues(t *testing.T) {
	ruletest.Run(t, sigterm.Analyzer,
		"cmdreachparam", "cmdreachlit", "cmdreachgo", "cmdreachcron", "cmdreachlocal", "cmdreachgroup", "cmdreachslice",
		"cmdsvcslice", "cmdsvceach")
}

// Function values that run a claim once or a bounded number of times (a
// runner's Once, an errgroup, time.AfterFunc, a retry helper's counted
// loop), a runner's loop that claims nothing, a claim loop run only by a
// test, SIGTERM handling registered as a value, a slice of workers
// that leaves the command's hands, and svcslice's workers started by a
// command that handles SIGTERM.
func TestAcceptedThroughValues(t *testing.T) {
	ruletest.Run(t, sigterm.Analyzer,
		"cmd_ok_reachonce", "cmd_ok_reachgroup", "cmd_ok_reachafter", "cmd_ok_reachnoclaim",
		"cmd_ok_reachtest", "cmd_ok_reachhook", "cmd_ok_reachsliceout", "cmd_ok_reachretry",
		"cmd_ok_svcslice")
}

// Worker commands that shut down cleanly, and commands that run no claim
// loop.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, sigterm.Analyzer,
		"cmd_ok_notifyctx", "cmd_ok_notifyall", "cmd_ok_oneshot",
		"cmd_ok_ifacesig", "cmd_ok_ifacemem", "cmd_ok_ifacenone",
		"cmd_ok_notifyspread", "cmd_ok_sighelper", "sighelper", "cmd_ok_notifyvar",
		"cmd_ok_notifyfuncvar", "cmd_ok_notifyfield", "cmd_ok_notifyctxvar", "cmd_ok_notifyparam", "cmd_ok_notifylit", "cmd_ok_notifyaddr",
		"cmd_ok_ctormem", "cmd_ok_ctorsig", "cmd_ok_varaction", "cmd_ok_ifacedocmem", "cmd_ok_ifacememids", "cmd_ok_ifacedoc")
}

// A //jobqlint:ignore lease directive on the finding's line silences it:
// sigterm reports nothing, and lease (which has no finding there) does not
// report the directive as suppressing nothing.
func TestLeaseDirective(t *testing.T) {
	ruletest.Run(t, sigterm.Analyzer, "cmd_ignore_lease")
	ruletest.Run(t, lease.Analyzer, "cmd_ignore_lease")
}
