// The value itself goes to the queue, which marshals it once; JSON the
// caller already holds goes as a json.RawMessage, which json.Marshal
// embeds as it is; a plain string argument is a string.
package ok_marshalonce

import (
	"context"
	"encoding/json"

	"ok_marshalonce/queue"
)

type Welcome struct{ UserID int64 }

func SignUp(ctx context.Context, q *queue.Client, userID int64) error {
	return q.Enqueue(ctx, "welcome", Welcome{UserID: userID})
}

func Forward(ctx context.Context, q *queue.Client, userID int64) error {
	b, err := json.Marshal(Welcome{UserID: userID})
	if err != nil {
		return err
	}
	return q.Enqueue(ctx, "welcome", json.RawMessage(b))
}

func Ping(ctx context.Context, q *queue.Client, name string) error {
	return q.Enqueue(ctx, "ping", name)
}
