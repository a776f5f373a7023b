// An HTTP client's retry budget: no job queue here.
package ok_noqueue

const MaxRetries = 3

func Get(url string) error { return nil }
