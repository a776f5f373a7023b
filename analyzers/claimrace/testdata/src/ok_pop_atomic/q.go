// pop: one statement selects and takes the job, read back by First.
package ok_pop_atomic

import "github.com/gobuffalo/pop/v6"

type Job struct {
	ID     int64  `db:"id"`
	Status string `db:"status"`
}

func Claim(c *pop.Connection) (Job, error) {
	var j Job
	err := c.RawQuery(`UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, status`).First(&j)
	return j, err
}
