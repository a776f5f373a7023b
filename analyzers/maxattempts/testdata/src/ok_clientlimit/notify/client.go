// An HTTP client of the module that imports its queue: its maxRetries
// names only the count an error message prints, while the send loop is
// bounded by its wait times. The package runs no SQL and puts no job
// back, so it holds no limit of the queue's attempts.
package notify

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"ok_clientlimit/store"
)

const maxRetries = 3

var waitTimes = []time.Duration{time.Second, 2 * time.Second, 4 * time.Second}

func Send(c *http.Client, j store.Job) error {
	for _, wait := range waitTimes {
		resp, err := c.Get("https://example.com/send?chat=" + j.Chat)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 500 {
				return nil
			}
		}
		time.Sleep(wait)
	}
	return errors.Join(fmt.Errorf("failed to send message after %d retries", maxRetries))
}
