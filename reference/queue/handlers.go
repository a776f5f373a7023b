package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"time"
)

// ErrPermanent marks a handler error that no retry can fix (bad arguments, a
// deleted account): the job fails at once instead of using its attempts.
// Wrap it: fmt.Errorf("account %d: %w", id, queue.ErrPermanent).
var ErrPermanent = errors.New("permanent failure")

// Handlers maps job kinds to their handlers.
type Handlers struct {
	byKind  map[string]func(context.Context, *Job) error
	options map[string]handlerOptions
}

// NewHandlers returns an empty set of handlers.
func NewHandlers() *Handlers {
	return &Handlers{byKind: map[string]func(context.Context, *Job) error{}, options: map[string]handlerOptions{}}
}

// HandlerOption is a setting of one kind's handler: Timeout.
type HandlerOption func(*handlerOptions)

type handlerOptions struct {
	timeout time.Duration // zero: the worker's JobTimeout
}

// Handle registers fn for the jobs whose arguments are of type T. The
// payload is decoded into T once, here; fn gets the typed value.
func Handle[T Args](h *Handlers, fn func(ctx context.Context, job *Job, args T) error, opts ...HandlerOption) {
	var zero T
	kind := zero.Kind()
	if _, dup := h.byKind[kind]; dup {
		panic(fmt.Sprintf("queue: two handlers for kind %q", kind))
	}
	var o handlerOptions
	for _, opt := range opts {
		opt(&o)
	}
	h.options[kind] = o
	h.byKind[kind] = func(ctx context.Context, job *Job) error {
		var args T
		if err := json.Unmarshal(job.Payload, &args); err != nil {
			return decodeError(kind, job, err)
		}
		return fn(ctx, job, args)
	}
}

// decodeAttempts is how many attempts a job whose payload does not decode
// gets, at most. During a rolling deploy an old worker may claim a job
// that only the new version can decode (a field changed type), as it may
// claim a kind it has no handler for: both are retried, so that a new
// worker gets the job. With the default backoff (1 s, doubling, jitter)
// twelve attempts span about 17 to 34 minutes; a payload that still does
// not decode then is broken, and the job fails for good.
const decodeAttempts = 12

func decodeError(kind string, job *Job, err error) error {
	if job.Attempt >= decodeAttempts {
		return fmt.Errorf("decode %s args: %v (after %d attempts): %w", kind, err, job.Attempt, ErrPermanent)
	}
	return fmt.Errorf("decode %s args: %v (retried: a newer worker may decode them)", kind, err)
}

// run calls the job's handler, turning a panic into an error so one bad job
// cannot take the worker down. The error keeps the stack trace: where it
// panicked is what the person on call needs.
func (h *Handlers) run(ctx context.Context, job *Job) (err error) {
	fn, ok := h.byKind[job.Kind]
	if !ok {
		// Not permanent: during a rolling deploy, an old worker can claim a
		// job of a kind that only the new version handles.
		return fmt.Errorf("no handler for kind %q", job.Kind)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("handler panicked: %v\n\n%s", r, debug.Stack())
		}
	}()
	return fn(ctx, job)
}
