package sweep

import (
	"context"
	"testing"
	"time"

	"github.com/go-pg/pg/v10"

	"ormreaper_other"
)

// A test's query runs in no worker: it takes no job back.
func TestStuck(t *testing.T) {
	var db *pg.DB
	n, err := db.ModelContext(context.Background(), new(ormreaper_other.Job)).
		Where(`"status" = ?`, ormreaper_other.Processing).
		Where(`"started_at" < ?`, time.Now()).
		Count()
	if err != nil || n != 0 {
		t.Fatal(n, err)
	}
}
