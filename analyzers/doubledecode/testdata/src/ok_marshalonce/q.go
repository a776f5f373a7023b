// The value itself goes to the queue, which marshals it once; JSON the
// caller already holds goes as a json.RawMessage, which json.Marshal
// embeds as it is; a plain string argument is a string.
package ok_marshalonce

import (
	"context"
	"encoding/json"
	"errors"

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

// describe names a job and its arguments.
func describe(userID int64) (string, any) { return "welcome", Welcome{UserID: userID} }

// encode marshals a job's arguments; the kind travels apart.
func encode(kind string, args any) ([]byte, error) { // want encode:"marshals params \\[1\\]"
	if kind == "" {
		return nil, errors.New("a job needs a kind")
	}
	return json.Marshal(args)
}

// Encoded hands describe's two results to encode as they are.
func Encoded(userID int64) ([]byte, error) {
	return encode(describe(userID))
}

// body marshals a value of its own, not a parameter.
func body(kind string, userID int64) ([]byte, error) {
	var v any = Welcome{UserID: userID}
	if kind == "ping" {
		v = nil
	}
	return json.Marshal(v)
}
