// Package namedargs holds the struct and map arguments that sqlx's
// NamedExec binds to :name parameters. The test of package effects runs
// each shape, binds its SQL and argument with sqlx itself, and compares
// the values sqlx binds with the constants the layer reads: every
// function named Shape* returns the SQL and the argument.
package namedargs

type job struct {
	ID     int64  `db:"id"`
	State  string `db:"state"`
	Error  string `db:"error,omitempty"`
	Queue  string // sqlx's default mapper: "queue"
	Hidden string `db:"-"`
}

const updateSQL = `UPDATE jobs SET state = :state, error = :error, queue = :queue WHERE id = :id AND state <> :state`

func ShapeLiteral(id int64) (string, any) {
	return updateSQL, &job{ID: id, State: "running", Error: "", Queue: "emails"}
}

// A struct passed by value, a field set after it is made.
func ShapeValue(id int64) (string, any) {
	j := job{ID: id, Queue: "emails"}
	j.State = "done"
	return updateSQL, j
}

func ShapeMap(id int64) (string, any) {
	return updateSQL, map[string]any{"state": "failed", "error": "boom", "queue": "emails", "id": id}
}

// Set on one branch only, or twice: the state is not one constant.
func ShapeBranch(id int64, failed bool) (string, any) {
	j := &job{ID: id, Queue: "emails", Error: "x"}
	if failed {
		j.State = "failed"
	}
	return updateSQL, j
}

func ShapeTwice(id int64) (string, any) {
	j := &job{ID: id, State: "queued", Queue: "emails", Error: "x"}
	j.State = "running"
	return updateSQL, j
}

// Handed to other code before the call: it may change any field.
func ShapePassedOn(id int64) (string, any) {
	j := &job{ID: id, State: "queued", Queue: "emails", Error: "x"}
	touch(j)
	return updateSQL, j
}

func touch(j *job) { j.State = "running" }
