package ormsql

import (
	"testing"

	"github.com/jinzhu/inflection"
)

// The table names bun and go-pg give a model by default are their
// inflection library's plurals: plural gives the same, or refuses.
func TestPluralIsTheLibrarys(t *testing.T) {
	words := []string{
		"job", "queue_item", "task", "category", "batch", "box", "wish", "day", "key", "boy",
		"status", "alias", "bus", "person", "salesperson", "man", "human", "child", "grandchild",
		"ox", "mouse", "matrix", "index", "vertex", "datum", "medium", "data", "meta", "criteria",
		"life", "wolf", "roof", "knife", "tomato", "photo", "quiz", "analysis", "axis", "octopus",
		"hive", "move", "sex", "fish", "money", "police", "series", "species", "soliloquy", "guy", "spyy",
		"repo", "video", "memo", "todo", "studio", "radio", "scenario", "portfolio", "hero", "echo", "cargo", "potato", "buffalo", "sync_repo",
		"email_outbox", "job_v2", "unit5", "gray16", "float64x2", "delivery_attempt", "worker_lease", "cron_schedule", "dead_letter", "webhook",
	}
	read := 0
	for _, w := range words {
		got, ok := plural(w)
		if !ok {
			continue
		}
		read++
		if want := inflection.Plural(w); got != want {
			t.Errorf("plural(%q) = %q, the library's is %q", w, got, want)
		}
	}
	// The common words of queue tables are read, not refused.
	for _, w := range []string{"job", "task", "queue_item", "batch", "category", "delivery_attempt", "webhook", "repo", "todo"} {
		if _, ok := plural(w); !ok {
			t.Errorf("plural(%q) refused", w)
		}
	}
	t.Logf("%d of %d words read", read, len(words))
}
