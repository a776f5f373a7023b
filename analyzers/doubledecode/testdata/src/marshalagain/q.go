// The caller marshals the arguments, and the queue marshals what it is
// given: the job stores a JSON string, and the handler's decode into a
// struct fails on every job.
package marshalagain

import (
	"context"
	"encoding/json"

	"marshalagain/queue"
)

type Welcome struct{ UserID int64 }

func SignUp(ctx context.Context, q *queue.Client, userID int64) error {
	b, err := json.Marshal(Welcome{UserID: userID})
	if err != nil {
		return err
	}
	return q.Enqueue(ctx, "welcome", string(b)) // want `string\(b\) holds JSON text, and Enqueue marshals this argument again`
}

func Resend(ctx context.Context, q *queue.Client, userID int64) error {
	b, _ := json.Marshal(Welcome{UserID: userID})
	return q.Enqueue(ctx, "welcome", b) // want `b holds JSON text, and Enqueue marshals this argument again\n.*base64`
}
