// Fields of the struct a helper is given, read at each call: what the
// path that built that struct stored.
package builtfields

type job struct {
	id     string
	status string
}

func sink(args ...any) {}

func newJob(id string) *job { return &job{id: id, status: "pending"} }

// insert binds the field of the job its callers pass: the constructor's.
func insert(j *job) {
	sink(j.status) // want `pending@1`
}

func enqueue(id string) {
	insert(newJob(id))
}

// save binds the field each caller set before the call.
func save(j *job) {
	sink(j.status) // want `failed@1 \| done@1`
}

func work(j *job, run func(*job) error) {
	if err := run(j); err != nil {
		j.status = "failed"
		save(j)
		return
	}
	j.status = "done"
	save(j)
}

// inTx binds the field inside a function literal it runs.
func inTx(j *job) {
	func() {
		sink(j.status) // want `pending@1`
	}()
}

func enqueueTx(id string) {
	j := newJob(id)
	inTx(j)
}

// hooked: the struct is handed to a hook after the store, which may
// change the field: not followed to the call, the field is read as
// every store of the package (its five states).
func hooked(j *job) {
	sink(j.status) // want `^(\{status=\w+\}( \| )?){5}$`
}

func runHooked(j *job, hook func(*job)) {
	j.status = "queued"
	hook(j)
	hooked(j)
}

// byValue binds a field of a struct passed by value.
func byValue(j job) {
	sink(j.status) // want `running@1`
}

func runByValue() {
	var j job
	j.status = "running"
	byValue(j)
}

// later: the field is written after the function literal is made, and the
// literal may run after that: not followed to the call.
func later(j *job) {
	f := func() {
		sink(j.status) // want `^(\{status=\w+\}( \| )?){5}$`
	}
	j.status = "running"
	f()
}

func runLater(id string) {
	later(newJob(id))
}

// A struct variable a function literal shares with its maker: what the
// maker stored before it made the literal, when nothing writes the field
// after that.
func sharedValue() {
	var j job
	j.status = "queued"
	func() {
		sink(j.status) // want `^queued$`
	}()
}

// The field written after the literal is made: not followed.
func sharedLater() {
	var j job
	j.status = "queued"
	f := func() {
		sink(j.status) // want `^(\{status=\w+\}( \| )?){5}$`
	}
	j.status = "running"
	f()
}

// A field built from what code out of sight passes keeps the field's
// name (a table held in a field is a placeholder) rather than the
// parameter's.
type store struct{ table string }

func newStore(table string) *store { return &store{table: table} }

func (s *store) count() {
	sink(s.table) // want `^\{table: struct field store.table .*\}$`
}

func Count(table string) {
	newStore(table).count()
}
