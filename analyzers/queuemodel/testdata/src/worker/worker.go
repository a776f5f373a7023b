package worker // want package:"queues\\(public.tasks\\)"

// A package that inherits the tasks queue from its dependency.

import (
	"context"

	"store"
)

func Finish(ctx context.Context, s *store.Store, id int64) error {
	return s.Exec(ctx, "UPDATE tasks SET state = 'done' WHERE id = $1", id)
}
