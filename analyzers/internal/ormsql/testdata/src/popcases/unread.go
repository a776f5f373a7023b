package popcases

import (
	"context"

	"github.com/gobuffalo/pop/v6"

	"popcases/models"
	"popcases/store"
)

// The calls below are pop's, but what they send depends on what the tool
// cannot see: each is unread, with the reason.

func UnreadChangedInBranch(c *pop.Connection, late bool) error {
	var jobs []Job
	q := c.Where("status = ?", "queued")
	if late {
		q.Where("run_at < now()")
	}
	return q.All(&jobs)
}

func UnreadDynamicWhere(c *pop.Connection, clause string) error {
	var jobs []Job
	return c.Where(clause).All(&jobs)
}

func UnreadIn(c *pop.Connection, ids []int) error {
	var jobs []Job
	return c.Where("id IN (?)", ids).All(&jobs)
}

func UnreadExecWithoutRaw(c *pop.Connection) error {
	return c.Where("id = ?", 1).Exec()
}

func UnreadCount(c *pop.Connection) (int, error) {
	return c.Where("status = ?", "queued").Count(&Job{})
}

func UnreadMapModel(c *pop.Connection) error {
	var rows []map[string]any
	return c.Where("status = ?", "queued").All(&rows)
}

func LimitParam(c *pop.Connection, n int) error {
	var jobs []Job
	return c.Where("status = ?", "queued").Limit(n).All(&jobs)
}

func UnreadOtherPackageTable(c *pop.Connection) error {
	var ts []models.Tenant
	return c.All(&ts)
}

func UnreadOrderSemicolon(c *pop.Connection) error {
	var jobs []Job
	return c.Where("status = ?", "queued").Order("id; SELECT 1").All(&jobs)
}

func UnreadRawAfterWhere(c *pop.Connection) error {
	var jobs []Job
	return c.Where("status = ?", "queued").RawQuery("SELECT * FROM jobs").All(&jobs)
}

// UnreadHelperNames: the helper's column names are not constants.
func UnreadHelperNames(ctx context.Context, c *pop.Connection, j *Job, names []string) error {
	return store.SaveColumns(ctx, c, j, names...)
}
