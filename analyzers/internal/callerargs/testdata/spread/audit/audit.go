package audit

import "context"

type Log struct{ lines []string }

// SetStatus shares its name and number of arguments with the store's
// binder; parsed alone, a call of it may be a call of the binder.
func (l *Log) SetStatus(ctx context.Context, id int64, labels ...string) {
	l.lines = append(l.lines, labels...)
}

// Record has the arity of the store's Record, its last parameter
// variadic: a call with no label gives the binder's third parameter
// nothing.
func (l *Log) Record(ctx context.Context, id int64, labels ...string) {
	l.lines = append(l.lines, labels...)
}
