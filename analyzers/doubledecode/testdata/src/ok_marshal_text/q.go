// A crawler that queues its pages also writes a service worker replaying
// the responses it saw: each body, whatever it holds, becomes a JavaScript
// string literal, which json.Marshal of the text is meant to give. It is
// no payload: nothing stores it, nothing decodes it as an object.
package ok_marshal_text

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Response struct {
	URL  string
	Body []byte
}

func Enqueue(ctx context.Context, pool *pgxpool.Pool, url string) error {
	payload, err := json.Marshal(map[string]string{"url": url})
	if err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `INSERT INTO crawl_jobs (payload) VALUES ($1)`, payload)
	return err
}

func ServiceWorker(responses []Response) string {
	var b strings.Builder
	b.WriteString("const RESPONSES = {")
	for _, r := range responses {
		url, _ := json.Marshal(r.URL)
		body, _ := json.Marshal(string(r.Body))
		b.WriteString(string(url) + ": " + string(body) + ",")
	}
	b.WriteString("};")
	return b.String()
}
